package vt

import (
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// render renders a result (or a model state) of vt.Linearizable as text,
// the same in vt's interpreter and in the test process: results are
// compared by their renderings. It is fmt's %#v but for pointers, which it
// follows (&T{...}) instead of printing their addresses, so that equal
// values in different memory render alike; it calls no methods. Maps are
// rendered with their entries sorted by their keys' renderings; a pointer
// met again inside itself is "<cycle>"; channels, functions and unsafe
// pointers render as their type only.
func render(v any) string {
	var b strings.Builder
	renderTo(&b, reflect.ValueOf(v), true, map[uintptr]bool{})
	return b.String()
}

// renderTo renders v to b; typed says whether to name v's type (at the
// top and in interfaces, where it is not implied).
func renderTo(b *strings.Builder, v reflect.Value, typed bool, seen map[uintptr]bool) {
	if !v.IsValid() {
		b.WriteString("nil")
		return
	}
	t := v.Type()
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			b.WriteString("nil")
			return
		}
		renderTo(b, v.Elem(), true, seen)
	case reflect.Pointer:
		if v.IsNil() {
			b.WriteString("(" + t.String() + ")(nil)")
			return
		}
		p := v.Pointer()
		if seen[p] {
			b.WriteString("<cycle>")
			return
		}
		seen[p] = true
		b.WriteByte('&')
		renderTo(b, v.Elem(), true, seen)
		delete(seen, p)
	case reflect.Struct:
		b.WriteString(t.String())
		b.WriteByte('{')
		for i := range v.NumField() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(t.Field(i).Name)
			b.WriteByte(':')
			renderTo(b, v.Field(i), false, seen)
		}
		b.WriteByte('}')
	case reflect.Slice:
		if v.IsNil() {
			b.WriteString(t.String() + "(nil)")
			return
		}
		fallthrough
	case reflect.Array:
		b.WriteString(t.String())
		b.WriteByte('{')
		for i := range v.Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			renderTo(b, v.Index(i), false, seen)
		}
		b.WriteByte('}')
	case reflect.Map:
		if v.IsNil() {
			b.WriteString(t.String() + "(nil)")
			return
		}
		type entry struct{ k, v string }
		var es []entry
		it := v.MapRange()
		for it.Next() {
			var kb, vb strings.Builder
			renderTo(&kb, it.Key(), false, seen)
			renderTo(&vb, it.Value(), false, seen)
			es = append(es, entry{kb.String(), vb.String()})
		}
		slices.SortFunc(es, func(a, b entry) int { return strings.Compare(a.k, b.k) })
		b.WriteString(t.String())
		b.WriteByte('{')
		for i, e := range es {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(e.k + ":" + e.v)
		}
		b.WriteByte('}')
	case reflect.Chan, reflect.Func, reflect.UnsafePointer:
		b.WriteString("<" + t.String() + ">")
	default:
		s := basic(v)
		if typed && t.Name() != "" && !(t.PkgPath() == "" && (t.Kind() == reflect.Int || t.Kind() == reflect.String || t.Kind() == reflect.Bool || t.Kind() == reflect.Float64)) {
			s = t.String() + "(" + s + ")"
		}
		b.WriteString(s)
	}
}

// basic renders a value of a basic kind as a Go literal.
func basic(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Float32:
		return strconv.FormatFloat(v.Float(), 'g', -1, 32)
	case reflect.Float64:
		return strconv.FormatFloat(v.Float(), 'g', -1, 64)
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		return "(" + strconv.FormatFloat(real(c), 'g', -1, 64) + "+" + strconv.FormatFloat(imag(c), 'g', -1, 64) + "i)"
	case reflect.String:
		return strconv.Quote(v.String())
	}
	return "<" + v.Type().String() + ">"
}
