package interp

// Annotations are functions whose calls are events for tools, not code:
// vt's permission regions (vt.AcquireW(x), vt.ReleaseRAt(s, i), ...) are
// declared with Program.Annotate, and each call becomes a scheduling point
// and an EvAnnotation event that names the goroutine, the operation and
// the exact locations. The function's own body does not run, except when
// the arguments name no location (a nil pointer, an index out of range):
// then the body runs, so that it reports the misuse as it does outside
// the interpreter.

// An Annotation declares a function whose calls are annotations.
type Annotation struct {
	// Name is the function's full name, e.g.
	// "github.com/vtcheck/vt/vt.AcquireW".
	Name string
	// Form says how the arguments name the locations.
	Form AnnotationForm
	// Tag is the tool's own data about the annotation (vt's permission
	// checker keeps the permission operation there); events carry the
	// Annotation back.
	Tag any
	// Op is the operation the call is at its scheduling point and in its
	// event: OpAnnotation when zero, or one of the named operations of a
	// library whose calls are annotations (OpAsync, OpIsolatedEnter, ...:
	// the habanero library's).
	Op Op
}

// op returns the operation of a call of a.
func (a *Annotation) op() Op {
	if a.Op == OpNone {
		return OpAnnotation
	}
	return a.Op
}

// AnnotationForm says how an annotation's arguments name its locations.
type AnnotationForm uint8

const (
	// AnnotateObject: the first argument, an interface, holds a pointer
	// (the location is the variable it points to), a map, a channel or a
	// slice (the slice as a whole, a location of its own: Event.Type
	// tells it from its first element). The event covers one location.
	AnnotateObject AnnotationForm = iota
	// AnnotateElement: the first argument holds a slice or a pointer to
	// an array, the second is an index i: the location is element i
	// (Event.Seq is i).
	AnnotateElement
	// AnnotateRange: as AnnotateElement with a half-open range lo, hi of
	// indices in the second and third arguments: the event covers the
	// hi-lo elements from lo (Event.Seq is lo; N may be 0).
	AnnotateRange
)

// Annotate declares annotation functions. It must be called before the
// program first runs (like Hookable); a function cannot be both hookable
// and an annotation.
func (p *Program) Annotate(anns ...Annotation) {
	hookNamesMu.Lock()
	defer hookNamesMu.Unlock()
	if p.annots == nil {
		p.annots = map[string]*Annotation{}
	}
	for _, a := range anns {
		p.annots[a.Name] = &a
	}
}

func (p *Program) annotation(name string) *Annotation {
	hookNamesMu.Lock()
	defer hookNamesMu.Unlock()
	return p.annots[name]
}

// annotationCtl compiles a call of the annotation a: a scheduling point,
// then an EvAnnotation event; or, when the arguments name no location,
// the function's own body.
func annotationCtl(a *Annotation, body *function) controlFn {
	return func(fr *frame, args []value, dst int32) *frame {
		if fr.point(a.op(), fr.pos()) {
			return nil
		}
		ev, ok := a.locate(args)
		if !ok {
			return fr.callBody(body, args, dst)
		}
		ev.Pos = fr.pos()
		fr.g.m.emit(fr, ev)
		return fr.done(dst, value{})
	}
}

// locate returns the event of a call of a with args, or false if the
// arguments name no location.
func (a *Annotation) locate(args []value) (Event, bool) {
	ev := Event{Kind: EvAnnotation, Op: a.op(), Annotation: a}
	if len(args) == 0 {
		return ev, false
	}
	x := args[0].iface()
	if x == nil {
		return ev, false
	}
	if a.Form == AnnotateObject {
		ev.N = 1
		ev.Type = x.t.t
		switch r := x.v.unflat().(type) {
		case *value:
			if x.t.kind == kPointer {
				ev.Type = x.t.elem.t // *p: the same location as an element there
			}
			ev.Addr = addrOf(r)
		case *mapObj:
			ev.Addr = r.addr()
		case *chanObj:
			ev.Addr = r.addr()
		case []value:
			if x.t.kind != kSlice || cap(r) == 0 {
				return ev, false
			}
			ev.Addr = addrOf(&r[:1][0])
		case *byte:
			ev.Type = x.t.elem.t
			ev.Addr = addrOfByte(r)
		case []byte:
			if x.t.kind != kSlice || cap(r) == 0 {
				return ev, false
			}
			ev.Addr = addrOfByte(&r[:1][0])
		default:
			return ev, false
		}
		return ev, true
	}
	var seq value
	var st *rtype
	switch x.t.kind {
	case kSlice:
		seq, st = x.v, x.t
		ev.Type = x.t.elem.t
	case kPointer:
		p := x.v.ptr()
		if x.t.elem.kind != kArray || p == nil {
			return ev, false
		}
		seq, st = *p, x.t.elem
		ev.Type = x.t.elem.elem.t
	default:
		return ev, false
	}
	lo, hi := args[1].int(), args[1].int()+1
	if a.Form == AnnotateRange {
		hi = args[2].int()
	}
	if lo < 0 || hi < lo || hi > int64(seqLen(seq, st)) {
		return ev, false
	}
	ev.Seq, ev.N = lo, int(hi-lo)
	if hi > lo {
		if st.bytes {
			ev.Addr = addrOfByte(&seq.bytes()[lo])
		} else {
			ev.Addr = addrOf(&seq.elems()[lo])
		}
	}
	return ev, true
}
