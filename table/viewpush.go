package table

import (
	"sync"
	"time"
)

// Push is one update the hub offers a stream: one viewer's view of a table
// at one version, as a patch against the view the hub pushed that viewer
// the round before, and as a whole view, which the push renders as parts
// (viewparts.go) but joins and pads only when some stream asks for it
// (Subscriber.Data).
//
// What a push renders is what its streams need: the views of
// the viewers that have a stream open, each encoded once. The padded
// length of a version (padding.go), which takes every viewer's encoding,
// is worked out only when a whole view is sent: a stream's first event, a
// stream without patches, or one that missed a round.
type Push struct {
	version int64
	id      Identity
	rev     int64  // the table's push round that rendered it
	base    int64  // the round the patch is against; 0 when there is no patch
	patch   []byte // padded to the round's patch length; nil when none
	round   *pushRound
}

// pushRound is what one push of a snapshot shares between its viewers and
// streams. Once offered it is read only, but for the lazily padded views.
type pushRound struct {
	s      *Service
	snap   *tableSnapshot
	now    time.Time
	share  *viewShare
	parts  map[Identity][]viewPart // each rendered viewer's view, as parts
	raw    map[Identity][]byte     // the same joined (joinParts), once a whole view is asked for
	wholes map[Identity]*wholeView
	padOne sync.Once
	padN   int
}

// wholeView is one viewer's padded whole view of a push, padded once.
type wholeView struct {
	once sync.Once
	b    []byte
}

// whole returns id's padded whole view of the round.
func (r *pushRound) whole(id Identity) []byte {
	r.padOne.Do(func() {
		room := 0
		if r.share != nil {
			room = r.share.room
		}
		for id, parts := range r.parts {
			if parts == nil {
				continue // encoded whole already (push)
			}
			r.raw[id] = joinParts(parts, max(room, partsSize(parts)+padSlack+padQuantum))
		}
		r.padN = r.s.padLen(r.snap, r.now, r.share, r.raw)
	})
	w := r.wholes[id]
	w.once.Do(func() {
		// raw[id] has the room of the last padded length (viewShare.room)
		// or more, and is padded in place: nothing else reads past its
		// length.
		w.b = padTo(r.raw[id], r.padN)
	})
	return w.b
}

// pushDiff is what a table's push rounds remember for the next one: each
// viewer's last pushed view (as part hashes) and the patch length of the
// newest version. Only the table's drain goroutine touches it.
type pushDiff struct {
	rev          int64
	viewers      map[Identity]*viewerDiff
	patchVersion int64
	patchLen     int
}

// viewerDiff is one viewer's patch state and the round it was taken at.
type viewerDiff struct {
	ps  patchState
	rev int64
}

func (d *pushDiff) viewer(id Identity) *viewerDiff {
	if d.viewers == nil {
		d.viewers = map[Identity]*viewerDiff{}
	}
	vd := d.viewers[id]
	if vd == nil {
		vd = &viewerDiff{}
		d.viewers[id] = vd
	}
	return vd
}

// padPatches pads every patch of one round to one length (the equal
// sizes, for patch events): the longest of them rounded up to padQuantum,
// and never shorter than an earlier round's patches of the same version.
// A seat whose private part changed has a longer patch than the others,
// and its length must not show that to whoever sees the traffic.
func (d *pushDiff) padPatches(version int64, pushes map[Identity]*Push) {
	longest := 0
	for _, p := range pushes {
		if p.patch != nil {
			longest = max(longest, len(p.patch))
		}
	}
	if longest == 0 {
		return
	}
	n := (longest + padQuantum - 1) / padQuantum * padQuantum
	if d.patchVersion == version {
		n = max(n, d.patchLen)
	}
	d.patchVersion, d.patchLen = version, n
	for _, p := range pushes {
		if p.patch != nil {
			p.patch = padTo(p.patch, n)
		}
	}
}

// UsePatches asks the hub for patches for this stream (?patches=1): from
// its next push on, Data gives a patch whenever the stream holds the view
// the patch is against.
func (sub *Subscriber) UsePatches() { sub.patches.Store(true) }

// Data returns what the stream sends for p: its patch (patch true) when
// the stream asked for patches and the last view it sent is the one the
// patch is against, else the whole padded view. Call it only from the
// stream's own goroutine, in the order the pushes arrive.
func (sub *Subscriber) Data(p *Push) (data []byte, patch bool) {
	if sub.patches.Load() && p.patch != nil && sub.lastRev != 0 && p.base == sub.lastRev && p.id == sub.lastID {
		data, patch = p.patch, true
	} else {
		data = p.round.whole(p.id)
	}
	sub.lastRev, sub.lastID = p.rev, p.id
	return data, patch
}
