package interp

import (
	"go/types"
	"unicode/utf8"
)

// Iteration through reflect: Type.CanSeq and CanSeq2 say whether a
// Value of the type can produce an iterator, Value.Seq and Seq2 produce
// it (text/template ranges over integers and iterator functions so). The
// iterator is a function of the program: called with a yield function, it
// calls yield with the Values reflect's own Seq would give, in the same
// order, and stops when yield returns false; over an iterator function, it
// calls that function with a yield of the function's own parameter type
// that passes each value on as a Value. Over a channel, Seq (which
// receives until the channel is closed) is refused.

// canRangeFunc reports whether t is the type of an iterator function
// whose yield takes n parameters: func(func(T...) bool).
func canRangeFunc(t *rtype, n int) bool {
	if t.kind != kFunc {
		return false
	}
	sig := t.t.Underlying().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Results().Len() != 0 {
		return false
	}
	y, ok := sig.Params().At(0).Type().Underlying().(*types.Signature)
	if !ok || y.Params().Len() != n || y.Results().Len() != 1 {
		return false
	}
	b, ok := y.Results().At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

// canSeq is Type.CanSeq (n 1) and CanSeq2 (n 2).
func canSeq(t *rtype, n int) bool {
	switch t.kind {
	case kInt8, kInt16, kInt32, kInt64, kInt, kUint8, kUint16, kUint32, kUint64, kUint, kUintptr, kChan:
		return n == 1
	case kArray, kSlice, kString, kMap:
		return true
	case kFunc:
		return canRangeFunc(t, n)
	case kPointer:
		return t.elem.kind == kArray
	}
	return false
}

// reflectSeq is Value.Seq (n 1) and Seq2 (n 2): the iterator function,
// with x in its environment.
func (m *machine) reflectSeq(x rval, n int) value {
	method := "Seq"
	if n == 2 {
		method = "Seq2"
	}
	if x.t == nil || !canSeq(x.t, n) {
		ts := "<nil>"
		if x.t != nil {
			ts = x.t.str
		}
		if n == 1 {
			m.rpanic("reflect: " + ts + " cannot produce iter.Seq[Value]")
		}
		m.rpanic("reflect: " + ts + " cannot produce iter.Seq2[Value, Value]")
	}
	if x.kind() == kChan {
		panic(&UnsupportedError{What: "reflect.Value.Seq of a channel (receives through reflect inside an iterator) is not modeled"})
	}
	var fn *function
	if x.kind() == kFunc {
		fn = m.prog.envCtlFunc("reflect.seqFunc/"+method, 1, 1, seqFunc(n))
	} else {
		fn = m.prog.envCtlFunc("reflect.seq/"+method, 1, 1, seqValues(n))
	}
	return value{r: &closure{fn: fn, env: []value{x.encode()}}}
}

// seqFunc is the code of the iterator over an iterator function (the
// Value in its environment): it calls that function with a yield of the
// function's parameter type that passes its n arguments on, as Values, to
// the iterator's own yield.
func seqFunc(n int) controlFn {
	return func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		yield, _ := args[0].r.(*closure)
		x := decodeValue(args[1])
		m.rread(x)
		cl, _ := x.get().r.(*closure)
		if cl == nil {
			m.rpanic("reflect: call of nil function")
		}
		ysig := x.t.t.Underlying().(*types.Signature).Params().At(0).Type().Underlying().(*types.Signature)
		env := []value{{r: yield}}
		for i := range n {
			env = append(env, value{r: m.prog.typeOf(ysig.Params().At(i).Type())})
		}
		wrap := m.prog.envCtlFunc("reflect.seqYield/"+string(rune('0'+n)), n, 1+n, seqYield)
		fr.pc++
		nf := m.newFrame(cl.fn)
		nf.regs[0] = value{r: &closure{fn: wrap, env: env}}
		copy(nf.regs[1:], cl.env)
		nf.g, nf.caller, nf.retDst = fr.g, fr, dst
		return nf
	}
}

// seqYield is the code of the yield seqFunc passes to an iterator
// function: its parameters, then the iterator's yield and the parameters'
// types; it calls that yield with the parameters as Values and returns its
// result.
func seqYield(fr *frame, args []value, dst int32) *frame {
	n := (len(args) - 1) / 2
	yield, _ := args[n].r.(*closure)
	if yield == nil {
		fr.g.m.rpanic("reflect: Seq called with a nil yield function")
	}
	fr.pc++
	nf := fr.g.m.newFrame(yield.fn)
	for i := range n {
		t, _ := args[n+1+i].r.(*rtype)
		nf.regs[i] = newRval(t, args[i], 0).encode()
	}
	copy(nf.regs[n:], yield.env)
	nf.g, nf.caller, nf.retDst = fr.g, fr, dst
	return nf
}

// seqValues is the code of the iterator over an integer, array, pointer
// to array, slice, string or map (the Value in its environment): it calls
// yield with each of the Values next produces until next is done or yield
// returns false.
func seqValues(n int) controlFn {
	return func(fr *frame, args []value, dst int32) *frame {
		m := fr.g.m
		yield, _ := args[0].r.(*closure)
		if yield == nil {
			m.rpanic("reflect: Seq called with a nil yield function")
		}
		next := m.seqNext(decodeValue(args[1]), n)
		fr.pc++
		var step func() *frame
		step = func() *frame {
			a, b, ok := next()
			if !ok {
				return fr
			}
			cont := &frame{g: fr.g, caller: fr, retDst: -1}
			cont.native = func(_ *frame, res value) *frame {
				if !res.bool() {
					return fr
				}
				return step()
			}
			nf := m.newFrame(yield.fn)
			nf.regs[0] = a
			k := 1
			if n == 2 {
				nf.regs[1] = b
				k = 2
			}
			copy(nf.regs[k:], yield.env)
			nf.g, nf.caller, nf.retDst = fr.g, cont, 0
			return nf
		}
		return step()
	}
}

// seqNext returns the producer of the Values of reflect's Seq (n 1) or
// Seq2 (n 2) over x, in reflect's order: each call returns the next one
// (or two), or false when done. Lengths are read once, at the start;
// elements when produced, as reflect's own iterators do.
func (m *machine) seqNext(x rval, n int) func() (a, b value, ok bool) {
	intT := m.prog.typeOf(types.Typ[types.Int])
	ofInt := func(i int) value { return newRval(intT, intVal(int64(i)), 0).encode() }
	indexed := func(v rval, length int) func() (value, value, bool) {
		i := 0
		return func() (value, value, bool) {
			if i >= length {
				return value{}, value{}, false
			}
			j := i
			i++
			if n == 1 {
				return ofInt(j), value{}, true
			}
			return ofInt(j), reflectIndex(m, pkgReflect, v, []value{intVal(int64(j))}), true
		}
	}
	switch k := x.kind(); k {
	case kInt8, kInt16, kInt32, kInt64, kInt, kUint8, kUint16, kUint32, kUint64, kUint, kUintptr:
		m.rread(x)
		num := x.get().n
		signed := k <= kInt64
		i := uint64(0)
		return func() (value, value, bool) {
			if (signed && int64(i) >= int64(num)) || (!signed && i >= num) {
				return value{}, value{}, false
			}
			j := i
			i++
			return newRval(x.t, value{n: j}, 0).encode(), value{}, true
		}
	case kArray, kSlice:
		return indexed(x, int(reflectLen(m, pkgReflect, x, nil).n))
	case kPointer:
		e := m.elem(pkgReflect, x)
		return indexed(e, int(reflectLen(m, pkgReflect, e, nil).n))
	case kString:
		m.rread(x)
		s := x.get().str()
		i := 0
		runeT := m.prog.typeOf(types.Typ[types.Int32])
		return func() (value, value, bool) {
			if i >= len(s) {
				return value{}, value{}, false
			}
			r, size := utf8.DecodeRuneInString(s[i:])
			j := i
			i += size
			return ofInt(j), newRval(runeT, intVal(int64(r)), 0).encode(), true
		}
	case kMap:
		m.rread(x)
		mo, _ := x.get().r.(*mapObj)
		if mo == nil {
			return func() (value, value, bool) { return value{}, value{}, false }
		}
		it := mo.iter(m)
		kt, et := x.t.key, x.t.elem
		ro := x.f & flagRO
		return func() (value, value, bool) {
			m.modelAccessMap(EvRead, mo)
			k, v, ok := it.next()
			if !ok {
				return value{}, value{}, false
			}
			return newRval(kt, copyVal(k, kt), ro).encode(), newRval(et, copyVal(v, et), ro).encode(), true
		}
	}
	panic(&UnsupportedError{What: "reflect.Value.Seq of a " + x.t.str + " (an interpreter bug: CanSeq said yes)"})
}
