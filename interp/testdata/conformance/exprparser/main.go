// Program exprparser is a realistic program: a tokenizer, recursive-descent
// parser and evaluator for arithmetic expressions with variables, unary
// minus, exponentiation (right-associative), function calls and
// assignments. It exercises interfaces (AST nodes), type switches, errors
// with positions, maps, closures, strconv, and panics converted to errors.
package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"
)

type tokenKind int

const (
	tNum tokenKind = iota
	tIdent
	tOp
	tLParen
	tRParen
	tComma
	tEOF
)

func (k tokenKind) String() string {
	return [...]string{"number", "identifier", "operator", "'('", "')'", "','", "end"}[k]
}

type token struct {
	kind tokenKind
	text string
	pos  int
}

type SyntaxError struct {
	Pos int
	Msg string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("syntax error at %d: %s", e.Pos, e.Msg) }

func lex(src string) ([]token, error) {
	var toks []token
	i := 0
	for i < len(src) {
		c := rune(src[i])
		switch {
		case unicode.IsSpace(c):
			i++
		case unicode.IsDigit(c) || c == '.':
			j := i
			for j < len(src) && (unicode.IsDigit(rune(src[j])) || src[j] == '.') {
				j++
			}
			toks = append(toks, token{tNum, src[i:j], i})
			i = j
		case unicode.IsLetter(c) || c == '_':
			j := i
			for j < len(src) && (unicode.IsLetter(rune(src[j])) || unicode.IsDigit(rune(src[j])) || src[j] == '_') {
				j++
			}
			toks = append(toks, token{tIdent, src[i:j], i})
			i = j
		case strings.ContainsRune("+-*/%^=", c):
			toks = append(toks, token{tOp, string(c), i})
			i++
		case c == '(':
			toks = append(toks, token{tLParen, "(", i})
			i++
		case c == ')':
			toks = append(toks, token{tRParen, ")", i})
			i++
		case c == ',':
			toks = append(toks, token{tComma, ",", i})
			i++
		default:
			return nil, &SyntaxError{i, fmt.Sprintf("unexpected character %q", c)}
		}
	}
	return append(toks, token{tEOF, "", len(src)}), nil
}

type Node interface{ String() string }

type (
	Num   struct{ V float64 }
	Var   struct{ Name string }
	Unary struct {
		Op string
		X  Node
	}
	Binary struct {
		Op   string
		L, R Node
	}
	Call struct {
		Fn   string
		Args []Node
	}
	Assign struct {
		Name string
		X    Node
	}
)

func (n Num) String() string    { return strconv.FormatFloat(n.V, 'g', -1, 64) }
func (v Var) String() string    { return v.Name }
func (u Unary) String() string  { return "(" + u.Op + u.X.String() + ")" }
func (b Binary) String() string { return "(" + b.L.String() + " " + b.Op + " " + b.R.String() + ")" }
func (c Call) String() string {
	parts := make([]string, len(c.Args))
	for i, a := range c.Args {
		parts[i] = a.String()
	}
	return c.Fn + "(" + strings.Join(parts, ", ") + ")"
}
func (a Assign) String() string { return a.Name + " = " + a.X.String() }

type parser struct {
	toks []token
	pos  int
}

func (p *parser) peek() token { return p.toks[p.pos] }
func (p *parser) next() token {
	t := p.toks[p.pos]
	p.pos++
	return t
}

func (p *parser) fail(msg string) {
	panic(&SyntaxError{p.peek().pos, msg})
}

func (p *parser) expect(k tokenKind) token {
	if p.peek().kind != k {
		p.fail(fmt.Sprintf("expected %v, found %v %q", k, p.peek().kind, p.peek().text))
	}
	return p.next()
}

func parse(src string) (n Node, err error) {
	toks, err := lex(src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	defer func() {
		if r := recover(); r != nil {
			se, ok := r.(*SyntaxError)
			if !ok {
				panic(r)
			}
			n, err = nil, se
		}
	}()
	n = p.statement()
	p.expect(tEOF)
	return n, nil
}

func (p *parser) statement() Node {
	if p.peek().kind == tIdent && p.toks[p.pos+1].kind == tOp && p.toks[p.pos+1].text == "=" {
		name := p.next().text
		p.next()
		return Assign{name, p.expr()}
	}
	return p.expr()
}

func (p *parser) expr() Node {
	n := p.term()
	for p.peek().kind == tOp && (p.peek().text == "+" || p.peek().text == "-") {
		op := p.next().text
		n = Binary{op, n, p.term()}
	}
	return n
}

func (p *parser) term() Node {
	n := p.unary()
	for p.peek().kind == tOp && strings.Contains("*/%", p.peek().text) {
		op := p.next().text
		n = Binary{op, n, p.unary()}
	}
	return n
}

func (p *parser) unary() Node {
	if p.peek().kind == tOp && p.peek().text == "-" {
		p.next()
		return Unary{"-", p.unary()}
	}
	return p.power()
}

func (p *parser) power() Node {
	base := p.primary()
	if p.peek().kind == tOp && p.peek().text == "^" {
		p.next()
		return Binary{"^", base, p.unary()} // right associative
	}
	return base
}

func (p *parser) primary() Node {
	t := p.peek()
	switch t.kind {
	case tNum:
		p.next()
		v, err := strconv.ParseFloat(t.text, 64)
		if err != nil {
			p.pos--
			p.fail("bad number " + strconv.Quote(t.text))
		}
		return Num{v}
	case tIdent:
		p.next()
		if p.peek().kind == tLParen {
			p.next()
			var args []Node
			if p.peek().kind != tRParen {
				args = append(args, p.expr())
				for p.peek().kind == tComma {
					p.next()
					args = append(args, p.expr())
				}
			}
			p.expect(tRParen)
			return Call{t.text, args}
		}
		return Var{t.text}
	case tLParen:
		p.next()
		n := p.expr()
		p.expect(tRParen)
		return n
	}
	p.fail(fmt.Sprintf("unexpected %v %q", t.kind, t.text))
	return nil
}

var ErrDivZero = errors.New("division by zero")

type Env struct {
	vars  map[string]float64
	funcs map[string]func(...float64) (float64, error)
}

func (e *Env) eval(n Node) (float64, error) {
	switch n := n.(type) {
	case Num:
		return n.V, nil
	case Var:
		v, ok := e.vars[n.Name]
		if !ok {
			return 0, fmt.Errorf("undefined variable %q", n.Name)
		}
		return v, nil
	case Unary:
		x, err := e.eval(n.X)
		return -x, err
	case Binary:
		l, err := e.eval(n.L)
		if err != nil {
			return 0, err
		}
		r, err := e.eval(n.R)
		if err != nil {
			return 0, err
		}
		switch n.Op {
		case "+":
			return l + r, nil
		case "-":
			return l - r, nil
		case "*":
			return l * r, nil
		case "/":
			if r == 0 {
				return 0, fmt.Errorf("evaluating %v: %w", n, ErrDivZero)
			}
			return l / r, nil
		case "%":
			return math.Mod(l, r), nil
		case "^":
			return math.Pow(l, r), nil
		}
	case Call:
		f, ok := e.funcs[n.Fn]
		if !ok {
			return 0, fmt.Errorf("unknown function %s", n.Fn)
		}
		args := make([]float64, len(n.Args))
		for i, a := range n.Args {
			v, err := e.eval(a)
			if err != nil {
				return 0, err
			}
			args[i] = v
		}
		return f(args...)
	case Assign:
		v, err := e.eval(n.X)
		if err == nil {
			e.vars[n.Name] = v
		}
		return v, err
	}
	return 0, fmt.Errorf("unknown node %T", n)
}

func main() {
	env := &Env{
		vars: map[string]float64{"pi": math.Pi},
		funcs: map[string]func(...float64) (float64, error){
			"sqrt": func(a ...float64) (float64, error) {
				if len(a) != 1 {
					return 0, fmt.Errorf("sqrt: want 1 argument, got %d", len(a))
				}
				return math.Sqrt(a[0]), nil
			},
			"max": func(a ...float64) (float64, error) {
				if len(a) == 0 {
					return 0, errors.New("max: no arguments")
				}
				m := a[0]
				for _, v := range a[1:] {
					m = math.Max(m, v)
				}
				return m, nil
			},
			"fact": func(a ...float64) (float64, error) {
				r := 1.0
				for i := 2.0; i <= a[0]; i++ {
					r *= i
				}
				return r, nil
			},
		},
	}
	lines := []string{
		"1 + 2 * 3",
		"(1 + 2) * 3",
		"2 ^ 3 ^ 2",
		"-2 ^ 2",
		"x = 10",
		"y = x * 2 + 1",
		"x * y - 7 % 4",
		"sqrt(16) + max(1, 5, 3)",
		"fact(10) / fact(8)",
		"pi * 2",
		"r = 1.5",
		"pi * r ^ 2",
		"10 / (x - 10)",
		"z + 1",
		"foo(1)",
		"sqrt(1, 2)",
		"max()",
		"3 + * 4",
		"(1 + 2",
		"1 $ 2",
		"1.2.3 + 1",
		"",
	}
	for _, line := range lines {
		n, err := parse(line)
		if err != nil {
			var se *SyntaxError
			fmt.Printf("%-24q parse error: %v (syntax=%v)\n", line, err, errors.As(err, &se))
			continue
		}
		v, err := env.eval(n)
		if err != nil {
			fmt.Printf("%-24q %s -> error: %v (divzero=%v)\n", line, n, err, errors.Is(err, ErrDivZero))
			continue
		}
		fmt.Printf("%-24q %s -> %.6g\n", line, n, v)
	}
	names := []string{}
	for k := range env.vars {
		names = append(names, k)
	}
	// insertion sort for deterministic output
	for i := 1; i < len(names); i++ {
		for j := i; j > 0 && names[j] < names[j-1]; j-- {
			names[j], names[j-1] = names[j-1], names[j]
		}
	}
	for _, k := range names {
		fmt.Printf("%s=%g ", k, env.vars[k])
	}
	fmt.Println()
}
