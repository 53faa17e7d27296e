// Program structs checks struct values and embedding: copy semantics,
// comparison, anonymous structs, promoted fields and methods through value
// and pointer embedding, shadowing of fields and methods by the outer type,
// embedded interfaces in structs, and method sets via interface satisfaction.
package main

import (
	"fmt"
	"strings"
)

type Base struct {
	ID   int
	Name string
}

func (b Base) Describe() string { return fmt.Sprintf("Base(%d,%s)", b.ID, b.Name) }
func (b *Base) Rename(n string) { b.Name = n }
func (b Base) Kind() string     { return "base" }

type Timestamps struct {
	Created, Updated int
}

func (t *Timestamps) Touch(now int)  { t.Updated = now }
func (t Timestamps) Age(now int) int { return now - t.Created }

type User struct {
	Base
	*Timestamps
	Name  string // shadows Base.Name
	Email string
}

func (u User) Kind() string { return "user/" + u.Base.Kind() } // shadows Base.Kind

type Admin struct {
	User
	Level int
}

type Logger interface{ Log(string) }

type bufLogger struct{ lines []string }

func (l *bufLogger) Log(s string) { l.lines = append(l.lines, s) }

type Service struct {
	Logger // embedded interface
	name   string
}

func (s Service) Run() { s.Log("running " + s.name) }

type Describer interface{ Describe() string }
type Renamer interface{ Rename(string) }

func main() {
	u := User{Base: Base{1, "base-name"}, Timestamps: &Timestamps{Created: 10}, Name: "ann", Email: "a@x"}
	fmt.Println(u.ID, u.Name, u.Base.Name, u.Describe(), u.Kind())
	u.Rename("renamed") // promoted pointer method on addressable value
	fmt.Println(u.Name, u.Base.Name)
	u.Touch(42)
	fmt.Println(u.Updated, u.Age(50), u.Timestamps.Created)

	u2 := u // copies Base, shares *Timestamps
	u2.ID = 2
	u2.Touch(99)
	fmt.Println(u.ID, u2.ID, u.Updated, u2.Updated)

	a := Admin{User: u, Level: 7}
	fmt.Println(a.ID, a.Name, a.Base.Name, a.Kind(), a.Describe(), a.Level, a.Age(100))
	fmt.Printf("%+v\n", a.User.Base)

	var d Describer = a
	fmt.Println(d.Describe())
	var r Renamer = &a
	r.Rename("via-iface")
	fmt.Println(a.Base.Name)
	_, ok := any(a).(Renamer)
	_, ok2 := any(&a).(Renamer)
	fmt.Println("Admin is Renamer:", ok, "*Admin is Renamer:", ok2)

	// embedded interface in struct
	bl := &bufLogger{}
	s := Service{Logger: bl, name: "svc"}
	s.Run()
	s.name = "svc2"
	s.Run()
	fmt.Println(strings.Join(bl.lines, "; "))

	// struct comparison and anonymous structs
	p1 := struct {
		X, Y int
		L    string
	}{1, 2, "p"}
	p2 := struct {
		X, Y int
		L    string
	}{1, 2, "p"}
	fmt.Println(p1 == p2, p1)
	p2.L = "q"
	fmt.Println(p1 == p2)
	type named struct {
		X, Y int
		L    string
	}
	var n named = named(p1)
	fmt.Printf("%v %+v %T\n", n, n, n)

	// pointer to struct field access auto-deref and copying
	pb := &Base{5, "five"}
	cb := *pb
	cb.Name = "copy"
	pb.ID++
	fmt.Println(*pb, cb)

	// struct with array and nested struct copied deeply
	type inner struct{ vals [3]int }
	type outer struct {
		in  inner
		ptr *inner
	}
	o1 := outer{inner{[3]int{1, 2, 3}}, &inner{[3]int{4, 5, 6}}}
	o2 := o1
	o2.in.vals[0] = 100
	o2.ptr.vals[0] = 400
	fmt.Println(o1.in, *o1.ptr, o2.in, *o2.ptr)

	// empty struct
	type empty struct{}
	set := map[string]struct{}{"a": {}, "b": {}}
	_, has := set["a"]
	fmt.Println(empty{} == empty{}, len(set), has)

	// nil embedded pointer: promoted field access panics
	func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		var v User
		fmt.Println(v.Base.ID)
		fmt.Println(v.Created)
	}()

	// field tags don't matter for conversion
	type T1 struct {
		A int `json:"a"`
	}
	type T2 struct {
		A int `yaml:"a"`
	}
	fmt.Println(T2(T1{A: 3}))
}
