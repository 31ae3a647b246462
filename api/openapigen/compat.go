package openapigen

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Breaking lists the changes from the document old to the document cur
// that can break a client written against old:
//   - an operation removed;
//   - in a response: a field removed, a required field made optional, a
//     type changed, a game or move of a oneOf (by discriminator) removed;
//   - in a request: a field removed (the server refuses fields it does not
//     know), a field newly required, an enum narrowed or a type changed.
//
// Adding operations, optional request fields, response fields, or games
// is not breaking. A change of what a field means (a label becoming a
// code) cannot be seen here: the changelog says it.
func Breaking(old, cur []byte) ([]string, error) {
	var a, b map[string]any
	if err := json.Unmarshal(old, &a); err != nil {
		return nil, fmt.Errorf("old document: %w", err)
	}
	if err := json.Unmarshal(cur, &b); err != nil {
		return nil, fmt.Errorf("current document: %w", err)
	}
	c := &comparer{old: a, cur: b, seen: map[string]bool{}}
	ap, _ := a["paths"].(map[string]any)
	bp, _ := b["paths"].(map[string]any)
	for _, path := range sortedKeys(ap) {
		aops, _ := ap[path].(map[string]any)
		bops, _ := bp[path].(map[string]any)
		for _, method := range sortedKeys(aops) {
			aop, ok := aops[method].(map[string]any)
			if !ok {
				continue
			}
			where := strings.ToUpper(method) + " " + path
			bop, ok := bops[method].(map[string]any)
			if !ok {
				c.out = append(c.out, where+": operation removed")
				continue
			}
			if s, ok := jsonSchemaOf(aop["requestBody"]); ok {
				if t, ok := jsonSchemaOf(bop["requestBody"]); ok {
					c.compare(where+" request", s, t, false)
				}
			}
			ar, _ := aop["responses"].(map[string]any)
			br, _ := bop["responses"].(map[string]any)
			for _, code := range sortedKeys(ar) {
				if !strings.HasPrefix(code, "2") {
					continue
				}
				s, ok := jsonSchemaOf(ar[code])
				if !ok {
					continue
				}
				t, ok := jsonSchemaOf(br[code])
				if !ok {
					c.out = append(c.out, where+" "+code+": response removed")
					continue
				}
				c.compare(where+" "+code, s, t, true)
			}
		}
	}
	return c.out, nil
}

type comparer struct {
	old, cur map[string]any
	out      []string
	seen     map[string]bool
}

func jsonSchemaOf(v any) (map[string]any, bool) {
	m, _ := v.(map[string]any)
	content, _ := m["content"].(map[string]any)
	mt, _ := content["application/json"].(map[string]any)
	s, ok := mt["schema"].(map[string]any)
	return s, ok
}

// resolve follows a schema's $ref in its document.
func resolve(doc, s map[string]any) (map[string]any, string) {
	name := ""
	for i := 0; i < 10; i++ {
		r, ok := s["$ref"].(string)
		if !ok {
			return s, name
		}
		name = strings.TrimPrefix(r, "#/components/schemas/")
		comps, _ := doc["components"].(map[string]any)
		schemas, _ := comps["schemas"].(map[string]any)
		next, _ := schemas[name].(map[string]any)
		if next == nil {
			return map[string]any{}, name
		}
		s = next
	}
	return s, name
}

// compare compares schema s (old) with t (current) at where; resp is true
// in a response, false in a request.
func (c *comparer) compare(where string, s, t map[string]any, resp bool) {
	s, sn := resolve(c.old, s)
	t, tn := resolve(c.cur, t)
	key := fmt.Sprintf("%v|%s|%s", resp, sn, tn)
	if sn != "" && tn != "" {
		if c.seen[key] {
			return
		}
		c.seen[key] = true
	}
	// A schema made nullable-wrapped (allOf of one) is the schema itself.
	s, t = unwrap(c.old, s), unwrap(c.cur, t)
	st, _ := s["type"].(string)
	tt, _ := t["type"].(string)
	if st != "" && tt != "" && st != tt {
		c.out = append(c.out, fmt.Sprintf("%s: type %s became %s", where, st, tt))
		return
	}
	if !resp {
		if se, ok := s["enum"].([]any); ok || t["enum"] != nil {
			te, _ := t["enum"].([]any)
			for _, v := range se {
				if t["enum"] != nil && !containsValue(te, v) {
					c.out = append(c.out, fmt.Sprintf("%s: value %v no longer accepted", where, v))
				}
			}
			if !ok && t["enum"] != nil {
				c.out = append(c.out, fmt.Sprintf("%s: now limited to %v", where, te))
			}
		}
	}
	c.oneOf(where, s, t, resp)
	sp, _ := s["properties"].(map[string]any)
	tp, _ := t["properties"].(map[string]any)
	sreq, treq := stringSet(s["required"]), stringSet(t["required"])
	for _, name := range sortedKeys(sp) {
		sub := where + "." + name
		tv, ok := tp[name].(map[string]any)
		if !ok {
			if tp != nil || t["additionalProperties"] == false {
				if resp {
					c.out = append(c.out, sub+": field removed")
				} else {
					c.out = append(c.out, sub+": field no longer accepted")
				}
			}
			continue
		}
		if resp && sreq[name] && !treq[name] {
			c.out = append(c.out, sub+": field no longer always present")
		}
		c.compare(sub, sp[name].(map[string]any), tv, resp)
	}
	if !resp {
		for name := range treq {
			if !sreq[name] {
				c.out = append(c.out, where+"."+name+": field newly required")
			}
		}
	}
	if si, ok := s["items"].(map[string]any); ok {
		if ti, ok := t["items"].(map[string]any); ok {
			c.compare(where+"[]", si, ti, resp)
		}
	}
	if sa, ok := s["additionalProperties"].(map[string]any); ok {
		if ta, ok := t["additionalProperties"].(map[string]any); ok {
			c.compare(where+"{}", sa, ta, resp)
		}
	}
}

// oneOf compares the branches of two oneOfs chosen by discriminator.
func (c *comparer) oneOf(where string, s, t map[string]any, resp bool) {
	sd, _ := s["discriminator"].(map[string]any)
	sm, _ := sd["mapping"].(map[string]any)
	if sm == nil {
		return
	}
	td, _ := t["discriminator"].(map[string]any)
	tm, _ := td["mapping"].(map[string]any)
	for _, k := range sortedKeys(sm) {
		tr, ok := tm[k].(string)
		if !ok {
			if resp {
				c.out = append(c.out, fmt.Sprintf("%s: %s %q removed", where, sd["propertyName"], k))
			} else {
				c.out = append(c.out, fmt.Sprintf("%s: %s %q no longer accepted", where, sd["propertyName"], k))
			}
			continue
		}
		sr, _ := sm[k].(string)
		c.compare(where+"("+k+")", map[string]any{"$ref": sr}, map[string]any{"$ref": tr}, resp)
	}
}

func unwrap(doc, s map[string]any) map[string]any {
	if all, ok := s["allOf"].([]any); ok && len(all) == 1 {
		if m, ok := all[0].(map[string]any); ok {
			r, _ := resolve(doc, m)
			return r
		}
	}
	return s
}

func containsValue(xs []any, v any) bool {
	for _, x := range xs {
		if fmt.Sprint(x) == fmt.Sprint(v) {
			return true
		}
	}
	return false
}

func stringSet(v any) map[string]bool {
	out := map[string]bool{}
	xs, _ := v.([]any)
	for _, x := range xs {
		if s, ok := x.(string); ok {
			out[s] = true
		}
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Semver is a version major.minor.patch.
type Semver [3]int

// ParseSemver reads "1.2.3".
func ParseSemver(s string) (Semver, error) {
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return Semver{}, fmt.Errorf("version %q is not major.minor.patch", s)
	}
	var v Semver
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 || (len(p) > 1 && p[0] == '0') {
			return Semver{}, fmt.Errorf("version %q is not major.minor.patch", s)
		}
		v[i] = n
	}
	return v, nil
}

// Less reports whether v comes before w.
func (v Semver) Less(w Semver) bool {
	for i := range v {
		if v[i] != w[i] {
			return v[i] < w[i]
		}
	}
	return false
}

func (v Semver) String() string { return fmt.Sprintf("%d.%d.%d", v[0], v[1], v[2]) }
