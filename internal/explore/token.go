package explore

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// A replay token names one execution: a format version, the hash of the
// program it belongs to, and the choices of the schedule:
//
//	vt1:3f2a9c1b0e7d5a44:0.1.0.2
//
// Choices are base 36: for each scheduling point that had several
// alternatives, the index of the one taken (see scheduler.Pick for their
// order), and whether time passed there (1) or not (0); for each value the
// program received (a random draw, where a map iteration started), the
// value itself. c*n stands for n (base 36) times c. An execution that ran
// with transactions (Options.Transactions), where a goroutine about to
// release a lock, start a goroutine or start goes on without a choice,
// has the field txn before its choices, as its replay must too:
//
//	vt1:3f2a9c1b0e7d5a44:txn:0.1.0.2
const tokenVersion = "vt1"

// tokenTxn marks a token of an execution with transactions.
const tokenTxn = "txn"

// corpusHeader starts every schedule file under testdata/vt.
const corpusHeader = "vt schedule v1"

// Token is a decoded replay token.
type Token struct {
	Hash    string
	Choices []int
	// Transactions: the execution ran with transactions (its scheduling
	// points at releases, go statements and starts made no choice).
	Transactions bool
}

func (t Token) String() string {
	// Runs of three or more equal choices are written c*n (n in base 36):
	// long executions make long runs of zeros.
	var parts []string
	for i := 0; i < len(t.Choices); {
		j := i
		for j < len(t.Choices) && t.Choices[j] == t.Choices[i] && j-i < maxTokenRun {
			j++
		}
		c := strconv.FormatInt(int64(t.Choices[i]), 36)
		if n := j - i; n >= 3 {
			parts = append(parts, c+"*"+strconv.FormatInt(int64(n), 36))
		} else {
			for range n {
				parts = append(parts, c)
			}
		}
		i = j
	}
	cs := strings.Join(parts, ".")
	if cs == "" {
		cs = "-"
	}
	if t.Transactions {
		cs = tokenTxn + ":" + cs
	}
	return tokenVersion + ":" + t.Hash + ":" + cs
}

// maxTokenRun is the longest run c*n of a token: a longer one is written
// as several.
const maxTokenRun = 1 << 24

// ParseToken decodes a token.
func ParseToken(s string) (Token, error) {
	s = strings.TrimSpace(s)
	parts := strings.Split(s, ":")
	txn := len(parts) == 4 && parts[2] == tokenTxn
	if txn {
		parts = append(parts[:2], parts[3])
	}
	if len(parts) != 3 {
		return Token{}, fmt.Errorf("vt: malformed replay token %q: want %s:HASH:CHOICES or %s:HASH:%s:CHOICES", s, tokenVersion, tokenVersion, tokenTxn)
	}
	if parts[0] != tokenVersion {
		return Token{}, fmt.Errorf("vt: replay token %q has format %q; this vt reads %s", s, parts[0], tokenVersion)
	}
	t := Token{Hash: parts[1], Transactions: txn}
	if parts[2] != "-" {
		for _, p := range strings.Split(parts[2], ".") {
			cs, ns, run := strings.Cut(p, "*")
			c, err := strconv.ParseInt(cs, 36, 64)
			n := int64(1)
			if run {
				n, err = strconv.ParseInt(ns, 36, 32)
			}
			if err != nil || c < 0 || n < 1 || n > maxTokenRun {
				return Token{}, fmt.Errorf("vt: malformed replay token %q: bad choice %q", s, p)
			}
			for range n {
				t.Choices = append(t.Choices, int(c))
			}
		}
	}
	return t, nil
}

// ReadToken decodes s, a token or the name of a file holding one.
func ReadToken(s string) (Token, error) {
	if strings.HasPrefix(s, tokenVersion+":") {
		return ParseToken(s)
	}
	data, err := os.ReadFile(s)
	if err != nil {
		if n := strings.Count(s, ":"); n == 2 || n == 3 {
			return ParseToken(s)
		}
		return Token{}, fmt.Errorf("vt: replay: %w", err)
	}
	return parseCorpusFile(s, data)
}

func parseCorpusFile(name string, data []byte) (Token, error) {
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 2 || strings.TrimSpace(lines[0]) != corpusHeader {
		return Token{}, fmt.Errorf("vt: %s is not a vt schedule file (want a first line %q)", name, corpusHeader)
	}
	return ParseToken(lines[1])
}

// corpusDir is where the schedules of a test are saved, relative to the
// package directory: testdata/vt/TestName/sub/test.
func corpusDir(pkgDir, testName string) string {
	return filepath.Join(pkgDir, "testdata", "vt", filepath.FromSlash(testName))
}

// saveSchedule writes tok under dir and returns the file name.
func saveSchedule(dir string, tok Token) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("vt: saving the failing schedule: %w", err)
	}
	sum := sha256.Sum256([]byte(tok.String()))
	name := filepath.Join(dir, hex.EncodeToString(sum[:])[:16])
	data := corpusHeader + "\n" + tok.String() + "\n"
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		return "", fmt.Errorf("vt: saving the failing schedule: %w", err)
	}
	return name, nil
}

// loadCorpus reads the saved schedules of a test, in name order.
func loadCorpus(dir string) ([]Token, []string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("vt: reading saved schedules: %w", err)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Name() < entries[j].Name() })
	var toks []Token
	var names []string
	for _, e := range entries {
		if e.IsDir() || strings.HasSuffix(e.Name(), ".html") || strings.HasSuffix(e.Name(), ".frontier") || strings.HasSuffix(e.Name(), ".frontier.tmp") {
			continue // a picture of the failure (Options.HTML) or a search's frontier (resume.go), not a schedule
		}
		name := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, nil, fmt.Errorf("vt: reading saved schedule: %w", err)
		}
		tok, err := parseCorpusFile(name, data)
		if err != nil {
			return nil, nil, err
		}
		toks = append(toks, tok)
		names = append(names, name)
	}
	return toks, names, nil
}
