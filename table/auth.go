package table

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"strings"
)

// NewToken returns a 128-bit token from crypto/rand, URL-safe base64.
func NewToken() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken returns the SHA-256 of a token. Tokens are stored only hashed;
// a 128-bit random token needs no salt or stretching.
func HashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// tokenMatches compares a token with a stored hash in constant time.
func tokenMatches(token string, hash []byte) bool {
	if token == "" || len(hash) != sha256.Size {
		return false
	}
	return subtle.ConstantTimeCompare(HashToken(token), hash) == 1
}

// joinAlphabet has no characters that a person reading a code aloud or
// typing it from a screen mixes up: no 0/O, 1/I/L, U/V, 2/Z, 5/S, 6/G or
// 8/B (the digit stays, the letter goes).
const joinAlphabet = "23456789ACDEFHJKMNPQRTWXY"

// JoinCodeLen is the length of a join code: 25^8 ≈ 1.5e11 codes, so that
// guessing one at the lookup limits is hopeless (README, Reliability).
const JoinCodeLen = 8

// NewJoinCode returns a JoinCodeLen-character join code. A join code is a
// locator, not a secret.
func NewJoinCode() string {
	var sb strings.Builder
	b := make([]byte, 1)
	for sb.Len() < JoinCodeLen {
		if _, err := rand.Read(b); err != nil {
			panic(err)
		}
		// Reject the top of the byte range so that every character is
		// equally likely.
		if int(b[0]) >= 256/len(joinAlphabet)*len(joinAlphabet) {
			continue
		}
		sb.WriteByte(joinAlphabet[int(b[0])%len(joinAlphabet)])
	}
	return sb.String()
}

// NormalizeJoinCode upper-cases a typed code and strips spaces and dashes.
func NormalizeJoinCode(s string) string {
	s = strings.ToUpper(strings.TrimSpace(s))
	s = strings.NewReplacer(" ", "", "-", "").Replace(s)
	return s
}

// NewTableID returns a random table id (not a secret either).
func NewTableID() string {
	b := make([]byte, 9)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}
