package table

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
)

// The board key. A board page needs no token: it shows what the whole
// table may see. Its streams are then open to anyone who knows the table's
// id, and a stranger holding them all would blank the real board. The
// host's board link and board QR code therefore carry a board key, which
// the board's stream presents (?board_key=…): streams with it are counted
// as a credential's, apart from the anonymous ones (api/streamgate.go).
// The key is derived from the stored hash of the host token, so it needs
// no storage of its own, is unguessable (128 bits), and changes with the
// table (a rematch has a host token of its own).

// boardKeyLen is the key's length in characters (16 bytes, base64url).
const boardKeyLen = 22

// boardKey derives the board key of table id from its host token's hash.
func boardKey(id string, hostHash []byte) string {
	if len(hostHash) == 0 {
		return ""
	}
	m := hmac.New(sha256.New, hostHash)
	m.Write([]byte("tablewarden board key\x00" + id))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))[:boardKeyLen]
}

// CheckBoardKey reports whether key is the board key of the table. It
// returns CodeNotFound for an unknown table.
func (s *Service) CheckBoardKey(ctx context.Context, tableID, key string) (bool, error) {
	t, err := s.load(ctx, tableID)
	if err != nil {
		return false, err
	}
	t.mu.Lock()
	want := boardKey(t.id, t.row.HostTokenHash)
	t.mu.Unlock()
	return len(key) == boardKeyLen && subtle.ConstantTimeCompare([]byte(key), []byte(want)) == 1, nil
}
