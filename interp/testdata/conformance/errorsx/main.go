// Program errorsx checks the errors package and error values: errors.New
// identity, fmt.Errorf with %w (single and multiple), errors.Is/As/Unwrap
// through chains, errors.Join (message and Is), custom error types with Is
// and Unwrap methods, sentinel errors, and error wrapping in struct types.
package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
)

var ErrNotFound = errors.New("not found")
var ErrPermission = errors.New("permission denied")

type QueryError struct {
	Query string
	Err   error
}

func (e *QueryError) Error() string { return "query " + strconv.Quote(e.Query) + ": " + e.Err.Error() }
func (e *QueryError) Unwrap() error { return e.Err }

type CodeErr int

func (c CodeErr) Error() string { return "code " + strconv.Itoa(int(c)) }
func (c CodeErr) Is(target error) bool {
	t, ok := target.(CodeErr)
	return ok && (t == 0 || t == c) // CodeErr(0) matches any code
}

type multi struct{ errs []error }

func (m multi) Error() string   { return fmt.Sprint(len(m.errs), " errors") }
func (m multi) Unwrap() []error { return m.errs }

func find(key string) error {
	switch key {
	case "missing":
		return &QueryError{key, ErrNotFound}
	case "denied":
		return fmt.Errorf("find %s: %w", key, &QueryError{key, ErrPermission})
	case "code":
		return fmt.Errorf("layer2: %w", fmt.Errorf("layer1: %w", CodeErr(404)))
	}
	return nil
}

func main() {
	e1 := errors.New("same text")
	e2 := errors.New("same text")
	fmt.Println(e1 == e2, e1.Error() == e2.Error(), errors.Is(e1, e2), errors.Is(e1, e1))

	for _, k := range []string{"missing", "denied", "code", "ok"} {
		err := find(k)
		var qe *QueryError
		var ce CodeErr
		fmt.Printf("%-8s err=%v\n", k, err)
		fmt.Printf("         Is(NotFound)=%v Is(Permission)=%v As(Query)=%v As(Code)=%v Is(Code0)=%v Is(Code500)=%v\n",
			errors.Is(err, ErrNotFound), errors.Is(err, ErrPermission), errors.As(err, &qe), errors.As(err, &ce),
			errors.Is(err, CodeErr(0)), errors.Is(err, CodeErr(500)))
		if qe != nil {
			fmt.Println("         query:", qe.Query)
		}
		if ce != 0 {
			fmt.Println("         code:", int(ce))
		}
		fmt.Println("         unwrap:", errors.Unwrap(err))
	}

	// Join
	j := errors.Join(ErrNotFound, nil, io.EOF)
	fmt.Printf("%q %v %v %v\n", j.Error(), errors.Is(j, io.EOF), errors.Is(j, ErrNotFound), errors.Is(j, ErrPermission))
	fmt.Println(errors.Join(nil, nil) == nil, errors.Unwrap(j) == nil)
	if u, ok := j.(interface{ Unwrap() []error }); ok {
		fmt.Println(len(u.Unwrap()))
	}

	// multiple %w
	w2 := fmt.Errorf("both: %w and %w", ErrNotFound, CodeErr(7))
	var ce CodeErr
	fmt.Println(w2, errors.Is(w2, ErrNotFound), errors.As(w2, &ce), ce, errors.Unwrap(w2) == nil)

	// custom multi-error tree
	m := multi{[]error{&QueryError{"a", io.ErrUnexpectedEOF}, fmt.Errorf("x: %w", CodeErr(1))}}
	var qe *QueryError
	fmt.Println(m, errors.Is(m, io.ErrUnexpectedEOF), errors.As(m, &qe), qe.Query, errors.Is(m, CodeErr(1)))

	// %v of wrapped nil, %w with non-error
	fmt.Println(fmt.Errorf("nil: %w", nil))
	fmt.Println(fmt.Errorf("bad: %w", "string"))

	// standard library errors
	_, err := strconv.Atoi("x1")
	var ne *strconv.NumError
	fmt.Println(errors.As(err, &ne), ne.Func, ne.Num, ne.Err == strconv.ErrSyntax, errors.Is(err, strconv.ErrSyntax))
	pe := &fs.PathError{Op: "open", Path: "/nope", Err: fs.ErrNotExist}
	fmt.Println(pe, errors.Is(pe, os.ErrNotExist), errors.Is(fmt.Errorf("w: %w", pe), fs.ErrNotExist))

	// As with interface target
	var coder interface{ Error() string }
	fmt.Println(errors.As(find("code"), &coder), coder)

	// As panics on a non-pointer target
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		errors.As(ErrNotFound, qe)
	}()
}
