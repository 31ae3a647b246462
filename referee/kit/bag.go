package kit

// Token is one physical token in a bag or in front of a player. Its ID is
// scrambled every time it goes back into a bag, so that a token cannot be
// followed through the bag.
type Token struct {
	ID   uint32 `json:"id" vis:"public"`
	Kind string `json:"kind" vis:"public"`
}

// Bag is a draw bag. Its contents are hidden from every view; only counts
// the rulebook makes public may be shown.
type Bag struct {
	Tokens []Token `json:"tokens" vis:"hidden"`
}

// NewBag fills a bag with count tokens of each kind, in the order of kinds.
func NewBag(rng *RNG, kinds []string, counts map[string]int) Bag {
	var b Bag
	for _, k := range kinds {
		for i := 0; i < counts[k]; i++ {
			b.Tokens = append(b.Tokens, Token{Kind: k})
		}
	}
	b.scramble(rng)
	return b
}

// Clone returns a copy that shares no memory with b.
func (b Bag) Clone() Bag {
	return Bag{Tokens: append([]Token(nil), b.Tokens...)}
}

// Len is the number of tokens in the bag.
func (b Bag) Len() int { return len(b.Tokens) }

// Count is the number of tokens of a kind in the bag.
func (b Bag) Count(kind string) int {
	n := 0
	for _, t := range b.Tokens {
		if t.Kind == kind {
			n++
		}
	}
	return n
}

// Draw takes a token at random. ok is false when the bag is empty.
func (b *Bag) Draw(rng *RNG) (t Token, ok bool) {
	if len(b.Tokens) == 0 {
		return Token{}, false
	}
	i := rng.Intn(len(b.Tokens))
	t = b.Tokens[i]
	b.Tokens = append(b.Tokens[:i:i], b.Tokens[i+1:]...)
	return t, true
}

// Take takes a token of the given kind (a player looking into the bag).
// ok is false when none is left.
func (b *Bag) Take(kind string) (t Token, ok bool) {
	for i, x := range b.Tokens {
		if x.Kind == kind {
			b.Tokens = append(b.Tokens[:i:i], b.Tokens[i+1:]...)
			return x, true
		}
	}
	return Token{}, false
}

// Put returns tokens to the bag and scrambles every id and the order.
func (b *Bag) Put(rng *RNG, toks ...Token) {
	b.Tokens = append(b.Tokens, toks...)
	b.scramble(rng)
}

func (b *Bag) scramble(rng *RNG) {
	rng.Shuffle(len(b.Tokens), func(i, j int) { b.Tokens[i], b.Tokens[j] = b.Tokens[j], b.Tokens[i] })
	for i := range b.Tokens {
		b.Tokens[i].ID = uint32(rng.Uint64())
	}
}

// Deck is an ordered pile of cards, top first. Its order is hidden.
type Deck[T any] struct {
	Cards []T `json:"cards" vis:"hidden"`
}

// NewDeck returns a deck holding cards in the given order (top first).
func NewDeck[T any](cards ...T) Deck[T] { return Deck[T]{Cards: append([]T(nil), cards...)} }

// Clone returns a copy that shares no backing array with d (the cards
// themselves are copied by value).
func (d Deck[T]) Clone() Deck[T] { return Deck[T]{Cards: append([]T(nil), d.Cards...)} }

// Len is the number of cards.
func (d Deck[T]) Len() int { return len(d.Cards) }

// Shuffle shuffles the deck.
func (d *Deck[T]) Shuffle(rng *RNG) {
	rng.Shuffle(len(d.Cards), func(i, j int) { d.Cards[i], d.Cards[j] = d.Cards[j], d.Cards[i] })
}

// Draw takes the top card. ok is false when the deck is empty.
func (d *Deck[T]) Draw() (c T, ok bool) {
	if len(d.Cards) == 0 {
		return c, false
	}
	c = d.Cards[0]
	d.Cards = append(d.Cards[:0:0], d.Cards[1:]...)
	return c, true
}

// PutBottom puts cards at the bottom, in order.
func (d *Deck[T]) PutBottom(cs ...T) { d.Cards = append(d.Cards, cs...) }

// PutTop puts cards on top; cs[0] ends on top.
func (d *Deck[T]) PutTop(cs ...T) {
	d.Cards = append(append([]T(nil), cs...), d.Cards...)
}
