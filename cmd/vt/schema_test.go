package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// schema is the part of JSON Schema that docs/vt-check.schema.json uses.
type schema struct {
	Ref                  string             `json:"$ref"`
	Type                 any                `json:"type"`
	Enum                 []any              `json:"enum"`
	Required             []string           `json:"required"`
	AdditionalProperties *bool              `json:"additionalProperties"`
	Properties           map[string]*schema `json:"properties"`
	Items                *schema            `json:"items"`
	Pattern              string             `json:"pattern"`
	Defs                 map[string]*schema `json:"$defs"`
}

// validate checks v (decoded JSON) against s, with defs for $ref, and
// returns what does not conform, by path.
func (s *schema) validate(v any, path string, defs map[string]*schema) []string {
	if s.Ref != "" {
		return defs[strings.TrimPrefix(s.Ref, "#/$defs/")].validate(v, path, defs)
	}
	var errs []string
	if s.Enum != nil && !slices.Contains(s.Enum, v) {
		errs = append(errs, fmt.Sprintf("%s: %v is not one of %v", path, v, s.Enum))
	}
	if s.Type != nil {
		var types []string
		switch t := s.Type.(type) {
		case string:
			types = []string{t}
		case []any:
			for _, x := range t {
				types = append(types, x.(string))
			}
		}
		if !slices.Contains(types, jsonType(v)) {
			errs = append(errs, fmt.Sprintf("%s: a %s, want %v", path, jsonType(v), types))
			return errs
		}
	}
	switch v := v.(type) {
	case map[string]any:
		for _, r := range s.Required {
			if _, ok := v[r]; !ok {
				errs = append(errs, fmt.Sprintf("%s: required %q missing", path, r))
			}
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			p, ok := s.Properties[k]
			if !ok {
				if s.AdditionalProperties != nil && !*s.AdditionalProperties {
					errs = append(errs, fmt.Sprintf("%s: %q is not in the schema", path, k))
				}
				continue
			}
			errs = append(errs, p.validate(v[k], path+"."+k, defs)...)
		}
	case []any:
		if s.Items != nil {
			for i, x := range v {
				errs = append(errs, s.Items.validate(x, fmt.Sprintf("%s[%d]", path, i), defs)...)
			}
		}
	case string:
		if s.Pattern != "" && !regexp.MustCompile(s.Pattern).MatchString(v) {
			errs = append(errs, fmt.Sprintf("%s: %q does not match %s", path, v, s.Pattern))
		}
	}
	return errs
}

func jsonType(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		if v == float64(int64(v)) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	}
	return "object"
}

// The -json output of vt check and vt replay conforms to the documented
// schema, docs/vt-check.schema.json: every field is declared there, with
// its type, and the required ones are present.
func TestCheckJSONSchema(t *testing.T) {
	data, err := os.ReadFile("../../docs/vt-check.schema.json")
	require.NoError(t, err)
	var s schema
	require.NoError(t, json.Unmarshal(data, &s))
	require.NotEmpty(t, s.Properties)

	freshCorpus(t, "lockorder", "correct", "picture")
	var lines []string
	for _, args := range [][]string{
		{"check", "-json", "testdata/correct"},
		{"check", "-json", "-strategy", "dfs", "testdata/lockorder"},
		{"check", "-json", "testdata/picture"},
		{"check", "-json", "-strategy=nope", "testdata/correct"},
		{"check", "-json", "-time", "1ms", "-execs", "1", "testdata/correct"},
	} {
		r := vt(args...)
		require.NotEmpty(t, r.stdout, "vt %v", args)
		lines = append(lines, strings.Split(strings.TrimSpace(r.stdout), "\n")...)
	}
	tok := jsonLines(t, lines[1])[0].Failure.Replay
	r := vt("replay", "-json", "testdata/lockorder", tok)
	lines = append(lines, strings.TrimSpace(r.stdout))
	verdicts := map[string]bool{}
	for _, line := range lines {
		var v map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &v), line)
		assert.Empty(t, s.validate(v, "$", s.Defs), line)
		verdicts[v["verdict"].(string)] = true
	}
	assert.Equal(t, map[string]bool{"ok": true, "deadlock": true, "race": true, "error": true}, verdicts)

	// The validator itself rejects what the schema does not allow.
	bad := map[string]any{"verdict": "maybe", "exhaustive": true, "executions": 1.0, "steps": 2.0, "elapsed_ms": 3.0, "extra": 1.0}
	errs := s.validate(bad, "$", s.Defs)
	assert.Len(t, errs, 3, "%v", errs) // verdict, missing exhausted, extra
}
