package main

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// parseYAML parses the part of YAML that CI configurations use (block
// mappings and sequences, flow sequences and mappings, plain and quoted
// scalars, literal block scalars, comments) into map[string]any, []any
// and string values. It is no general YAML parser: enough to read the
// snippets under docs/ci as their engines do, without a dependency.
func parseYAML(src string) (any, error) {
	var lines []yamlLine
	for n, l := range strings.Split(src, "\n") {
		text := stripComment(l)
		if strings.TrimSpace(text) == "" {
			lines = append(lines, yamlLine{n: n + 1, indent: -1, raw: l})
			continue
		}
		t := strings.TrimLeft(text, " ")
		lines = append(lines, yamlLine{n: n + 1, indent: len(text) - len(t), text: strings.TrimRight(t, " "), raw: l})
	}
	p := &yamlParser{lines: lines}
	p.skip()
	if p.i >= len(p.lines) {
		return nil, nil
	}
	v, err := p.block(p.lines[p.i].indent)
	if err != nil {
		return nil, err
	}
	if p.skip(); p.i < len(p.lines) {
		return nil, fmt.Errorf("line %d: unexpected indentation", p.lines[p.i].n)
	}
	return v, nil
}

type yamlLine struct {
	n      int
	indent int // -1: blank or comment
	text   string
	raw    string
}

type yamlParser struct {
	lines []yamlLine
	i     int
}

// stripComment removes a comment (# at the start or after a space,
// outside quotes).
func stripComment(l string) string {
	var q byte
	for i := 0; i < len(l); i++ {
		c := l[i]
		switch {
		case q != 0:
			if c == q {
				q = 0
			}
		case c == '"' || c == '\'':
			q = c
		case c == '#' && (i == 0 || l[i-1] == ' '):
			return l[:i]
		}
	}
	return l
}

// skip passes blank lines.
func (p *yamlParser) skip() {
	for p.i < len(p.lines) && p.lines[p.i].indent < 0 {
		p.i++
	}
}

// block parses the mapping or sequence whose lines start at indent.
func (p *yamlParser) block(indent int) (any, error) {
	p.skip()
	if strings.HasPrefix(p.lines[p.i].text, "- ") || p.lines[p.i].text == "-" {
		return p.sequence(indent)
	}
	return p.mapping(indent, nil)
}

func (p *yamlParser) sequence(indent int) ([]any, error) {
	var seq []any
	for p.skip(); p.i < len(p.lines); p.skip() {
		l := p.lines[p.i]
		if l.indent != indent || !strings.HasPrefix(l.text+" ", "- ") {
			break
		}
		item := strings.TrimSpace(strings.TrimPrefix(l.text, "-"))
		p.i++
		switch {
		case item == "":
			p.skip()
			v, err := p.block(p.lines[p.i].indent)
			if err != nil {
				return nil, err
			}
			seq = append(seq, v)
		case isMappingEntry(item):
			// "- key: value": a mapping whose further keys are indented
			// as its first.
			m := map[string]any{}
			keyIndent := indent + len(l.text) - len(item)
			if err := p.entry(item, keyIndent, m); err != nil {
				return nil, err
			}
			if _, err := p.mapping(keyIndent, m); err != nil {
				return nil, err
			}
			seq = append(seq, m)
		default:
			v, err := flowValue(item)
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", l.n, err)
			}
			seq = append(seq, v)
		}
	}
	return seq, nil
}

// isMappingEntry reports whether text starts a "key: value" entry.
func isMappingEntry(text string) bool {
	if text == "" || strings.ContainsRune("[{\"'", rune(text[0])) {
		return false
	}
	k, _, ok := strings.Cut(text, ":")
	return ok && !strings.Contains(k, " ") && (strings.HasSuffix(text, ":") || strings.Contains(text, ": "))
}

// mapping parses the entries at indent into m (nil: a new map).
func (p *yamlParser) mapping(indent int, m map[string]any) (map[string]any, error) {
	if m == nil {
		m = map[string]any{}
	}
	for p.skip(); p.i < len(p.lines); p.skip() {
		l := p.lines[p.i]
		if l.indent != indent {
			if l.indent > indent {
				return nil, fmt.Errorf("line %d: unexpected indentation", l.n)
			}
			break
		}
		if !isMappingEntry(l.text) {
			return nil, fmt.Errorf("line %d: want KEY: VALUE, got %q", l.n, l.text)
		}
		p.i++
		if err := p.entry(l.text, indent, m); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// entry parses "key: value" (text, of a line at indent) into m, with the
// block below it if the value is empty or a literal block scalar.
func (p *yamlParser) entry(text string, indent int, m map[string]any) error {
	k, v, _ := strings.Cut(text, ":")
	v = strings.TrimSpace(v)
	switch {
	case v == "|" || v == "|-":
		var b strings.Builder
		base := -1
		for ; p.i < len(p.lines); p.i++ {
			l := p.lines[p.i]
			if l.indent >= 0 && l.indent <= indent {
				break
			}
			if base < 0 && l.indent > 0 {
				base = l.indent
			}
			if l.indent >= 0 {
				b.WriteString(l.raw[base:])
			}
			b.WriteString("\n")
		}
		m[k] = b.String()
	case v == "":
		p.skip()
		if p.i < len(p.lines) && (p.lines[p.i].indent > indent || p.lines[p.i].indent == indent && strings.HasPrefix(p.lines[p.i].text, "- ")) {
			val, err := p.block(p.lines[p.i].indent)
			if err != nil {
				return err
			}
			m[k] = val
		} else {
			m[k] = ""
		}
	default:
		val, err := flowValue(v)
		if err != nil {
			return err
		}
		m[k] = val
	}
	return nil
}

// flowValue parses a scalar, a flow sequence or a flow mapping.
func flowValue(s string) (any, error) {
	s = strings.TrimSpace(s)
	if s == "" || !strings.ContainsRune("[{\"'", rune(s[0])) {
		return s, nil // a plain scalar: , [ ] { } are its own there
	}
	v, rest, err := flowParse(s)
	if err == nil && strings.TrimSpace(rest) != "" {
		err = fmt.Errorf("trailing %q", rest)
	}
	return v, err
}

func flowParse(s string) (v any, rest string, err error) {
	s = strings.TrimLeft(s, " ")
	switch {
	case strings.HasPrefix(s, "["):
		var seq []any
		s = strings.TrimLeft(s[1:], " ")
		for !strings.HasPrefix(s, "]") {
			var x any
			if x, s, err = flowParse(s); err != nil {
				return nil, "", err
			}
			seq = append(seq, x)
			s = strings.TrimLeft(s, " ")
			s = strings.TrimPrefix(s, ",")
			s = strings.TrimLeft(s, " ")
			if s == "" {
				return nil, "", fmt.Errorf("unterminated [")
			}
		}
		return seq, s[1:], nil
	case strings.HasPrefix(s, "{"):
		m := map[string]any{}
		s = strings.TrimLeft(s[1:], " ")
		for !strings.HasPrefix(s, "}") {
			k, r, ok := strings.Cut(s, ":")
			if !ok {
				return nil, "", fmt.Errorf("want KEY: VALUE in {%s", s)
			}
			var x any
			if x, s, err = flowParse(r); err != nil {
				return nil, "", err
			}
			m[strings.TrimSpace(k)] = x
			s = strings.TrimLeft(strings.TrimPrefix(strings.TrimLeft(s, " "), ","), " ")
			if s == "" {
				return nil, "", fmt.Errorf("unterminated {")
			}
		}
		return m, s[1:], nil
	case strings.HasPrefix(s, `"`):
		end := 1
		for end < len(s) && (s[end] != '"' || s[end-1] == '\\') {
			end++
		}
		if end == len(s) {
			return nil, "", fmt.Errorf("unterminated string %s", s)
		}
		u, err := strconv.Unquote(s[:end+1])
		return u, s[end+1:], err
	case strings.HasPrefix(s, "'"):
		end := strings.Index(s[1:], "'")
		if end < 0 {
			return nil, "", fmt.Errorf("unterminated string %s", s)
		}
		return s[1 : end+1], s[end+2:], nil
	}
	end := strings.IndexAny(s, ",]}")
	if end < 0 {
		end = len(s)
	}
	return strings.TrimSpace(s[:end]), s[end:], nil
}

// The parser reads what the snippets under docs/ci use.
func TestParseYAML(t *testing.T) {
	v, err := parseYAML(`# a comment
name: vt   # trailing
on: [push, pull_request]
jobs:
  vt:
    matrix:
      shard: [1, 2, "3"]
    steps:
      - uses: a/b@v4
        with:
          go-version: '1.26'
      - run: echo "x # not a comment" > f
      - persist:
          paths: [shards]
    script:
    - one
    - two: 2
    path: |
      a
        b
    env:
      - {name: X, value: "4"}
    command: ["sh", "-c", "a, b"]
`)
	require.NoError(t, err)
	want := map[string]any{
		"name": "vt",
		"on":   []any{"push", "pull_request"},
		"jobs": map[string]any{"vt": map[string]any{
			"matrix": map[string]any{"shard": []any{"1", "2", "3"}},
			"steps": []any{
				map[string]any{"uses": "a/b@v4", "with": map[string]any{"go-version": "1.26"}},
				map[string]any{"run": `echo "x # not a comment" > f`},
				map[string]any{"persist": map[string]any{"paths": []any{"shards"}}},
			},
			"script":  []any{"one", map[string]any{"two": "2"}},
			"path":    "a\n  b\n",
			"env":     []any{map[string]any{"name": "X", "value": "4"}},
			"command": []any{"sh", "-c", "a, b"},
		}},
	}
	assert.Equal(t, want, v)
	_, err = parseYAML("a: 1\n   b: 2\n")
	assert.Error(t, err)
}
