// Program prettyprint is a realistic program: a JSON-like value model built
// from interfaces (no reflect), a hand-written parser for a JSON subset
// (objects, arrays, strings with escapes, numbers, true/false/null), a pretty
// printer with indentation and sorted object keys, a compact printer, and
// a path query. It exercises recursion, type switches, strings.Builder,
// strconv quoting, maps, slices and error handling.
package main

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

type Value interface{}

type Object map[string]Value
type Array []Value

type parser struct {
	s   string
	pos int
}

var errEnd = errors.New("unexpected end of input")

func (p *parser) ws() {
	for p.pos < len(p.s) && strings.IndexByte(" \t\n\r", p.s[p.pos]) >= 0 {
		p.pos++
	}
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("at offset %d: %s", p.pos, fmt.Sprintf(format, args...))
}

func (p *parser) value() (Value, error) {
	p.ws()
	if p.pos >= len(p.s) {
		return nil, errEnd
	}
	switch c := p.s[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		return p.str()
	case c == '-' || (c >= '0' && c <= '9'):
		start := p.pos
		p.pos++
		for p.pos < len(p.s) && strings.IndexByte("0123456789.eE+-", p.s[p.pos]) >= 0 {
			p.pos++
		}
		f, err := strconv.ParseFloat(p.s[start:p.pos], 64)
		if err != nil {
			return nil, p.errorf("bad number: %v", err)
		}
		return f, nil
	default:
		for _, lit := range []struct {
			text string
			v    Value
		}{{"true", true}, {"false", false}, {"null", nil}} {
			if strings.HasPrefix(p.s[p.pos:], lit.text) {
				p.pos += len(lit.text)
				return lit.v, nil
			}
		}
		return nil, p.errorf("unexpected character %q", c)
	}
}

func (p *parser) str() (string, error) {
	start := p.pos
	p.pos++
	for p.pos < len(p.s) {
		switch p.s[p.pos] {
		case '\\':
			p.pos += 2
		case '"':
			p.pos++
			s, err := strconv.Unquote(p.s[start:p.pos])
			if err != nil {
				return "", p.errorf("bad string %s: %v", p.s[start:p.pos], err)
			}
			return s, nil
		default:
			p.pos++
		}
	}
	return "", errEnd
}

func (p *parser) array() (Value, error) {
	p.pos++
	arr := Array{}
	p.ws()
	if p.pos < len(p.s) && p.s[p.pos] == ']' {
		p.pos++
		return arr, nil
	}
	for {
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		arr = append(arr, v)
		p.ws()
		if p.pos >= len(p.s) {
			return nil, errEnd
		}
		if p.s[p.pos] == ',' {
			p.pos++
			continue
		}
		if p.s[p.pos] == ']' {
			p.pos++
			return arr, nil
		}
		return nil, p.errorf("expected , or ] in array")
	}
}

func (p *parser) object() (Value, error) {
	p.pos++
	obj := Object{}
	for {
		p.ws()
		if p.pos < len(p.s) && p.s[p.pos] == '}' {
			p.pos++
			return obj, nil
		}
		if p.pos >= len(p.s) {
			return nil, errEnd
		}
		if p.s[p.pos] != '"' {
			return nil, p.errorf("expected key string")
		}
		k, err := p.str()
		if err != nil {
			return nil, err
		}
		p.ws()
		if p.pos >= len(p.s) || p.s[p.pos] != ':' {
			return nil, p.errorf("expected colon after key %q", k)
		}
		p.pos++
		v, err := p.value()
		if err != nil {
			return nil, fmt.Errorf("in key %q: %w", k, err)
		}
		obj[k] = v
		p.ws()
		if p.pos < len(p.s) && p.s[p.pos] == ',' {
			p.pos++
		}
	}
}

func Parse(s string) (Value, error) {
	p := &parser{s: s}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.ws()
	if p.pos != len(s) {
		return nil, p.errorf("trailing data")
	}
	return v, nil
}

func pretty(b *strings.Builder, v Value, indent int) {
	pad := strings.Repeat("  ", indent)
	switch v := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case float64:
		b.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
	case string:
		b.WriteString(strconv.Quote(v))
	case Array:
		if len(v) == 0 {
			b.WriteString("[]")
			return
		}
		b.WriteString("[\n")
		for i, e := range v {
			b.WriteString(pad + "  ")
			pretty(b, e, indent+1)
			if i < len(v)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(pad + "]")
	case Object:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		if len(keys) == 0 {
			b.WriteString("{}")
			return
		}
		b.WriteString("{\n")
		for i, k := range keys {
			fmt.Fprintf(b, "%s  %q: ", pad, k)
			pretty(b, v[k], indent+1)
			if i < len(keys)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(pad + "}")
	default:
		panic(fmt.Sprintf("unknown value type %T", v))
	}
}

func compact(v Value) string {
	switch v := v.(type) {
	case Array:
		parts := make([]string, len(v))
		for i, e := range v {
			parts[i] = compact(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case Object:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = strconv.Quote(k) + ":" + compact(v[k])
		}
		return "{" + strings.Join(parts, ",") + "}"
	default:
		var b strings.Builder
		pretty(&b, v, 0)
		return b.String()
	}
}

func query(v Value, path string) (Value, error) {
	for _, part := range strings.Split(path, ".") {
		switch cur := v.(type) {
		case Object:
			next, ok := cur[part]
			if !ok {
				return nil, fmt.Errorf("no key %q", part)
			}
			v = next
		case Array:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(cur) {
				return nil, fmt.Errorf("bad index %q for array of %d", part, len(cur))
			}
			v = cur[i]
		default:
			return nil, fmt.Errorf("cannot index %T with %q", cur, part)
		}
	}
	return v, nil
}

func stats(v Value, counts map[string]int) {
	switch v := v.(type) {
	case Object:
		counts["object"]++
		for _, e := range v {
			stats(e, counts)
		}
	case Array:
		counts["array"]++
		for _, e := range v {
			stats(e, counts)
		}
	default:
		counts[fmt.Sprintf("%T", v)]++
	}
}

func main() {
	doc := `{
		"name": "vt", "version": 1.5, "stable": false, "license": null,
		"tags": ["go", "interp", "concurrency\ttesting", "\u00e9t\u00e9"],
		"deps": {"x/tools": {"version": "0.52.0", "indirect": false}, "testify": {"version": "1.12.1"}},
		"matrix": [[1, 2], [3, [4, 5e3]], [], {}],
		"quote": "she said \"hi\"\n"
	}`
	v, err := Parse(doc)
	if err != nil {
		fmt.Println("parse error:", err)
		return
	}
	var b strings.Builder
	pretty(&b, v, 0)
	fmt.Println(b.String())
	fmt.Println(compact(v))
	for _, q := range []string{"name", "deps.testify.version", "matrix.1.1.1", "tags.3", "matrix.9", "name.x", "deps.nope"} {
		r, err := query(v, q)
		fmt.Printf("%-22s => %v | %v\n", q, compact(r), err)
	}
	counts := map[string]int{}
	stats(v, counts)
	fmt.Println(counts)
	for _, bad := range []string{`{"a": }`, `[1, 2`, `{"a" 1}`, `"unterminated`, `[1] x`, `{"k": [tru]}`, `-`} {
		_, err := Parse(bad)
		fmt.Printf("%-16q error: %v (end=%v)\n", bad, err, errors.Is(err, errEnd))
	}
}
