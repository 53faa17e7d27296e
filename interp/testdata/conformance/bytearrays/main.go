// Program bytearrays exercises the values the interpreter keeps as native
// bytes ([]byte, []bool, []int8, [N]byte and pointers to their elements):
// append and its growth, copy (overlapping, from a string), conversions,
// slicing with capacity, unsafe.Slice/String/SliceData/StringData/Add over
// bytes, bytes.Buffer, strings.Builder, encoding/binary, arrays as map
// keys and struct fields, comparisons, reflection and fmt over them.
package main

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"
	"unsafe"
)

type header struct {
	magic [4]byte
	flags [3]bool
	delta [2]int8
	n     int
}

func main() {
	// append, growth, aliasing.
	var b []byte
	fmt.Println(b == nil, len(b), cap(b))
	for i := range 20 {
		b = append(b, byte('a'+i))
	}
	fmt.Println(string(b), len(b), cap(b))
	b = append(b, "-tail"...)
	fmt.Println(string(b), len(b))
	s1 := b[:3:3]
	s2 := append(s1, 'X')
	fmt.Println(string(s1), string(s2), string(b[:4]))
	s3 := b[:3]
	s3 = append(s3, 'Y')
	fmt.Println(string(b[:4]), len(s3), cap(s3) == cap(b))
	e := []byte{}
	fmt.Println(e == nil, append([]byte(nil), ""...) == nil, []byte("") == nil)

	// copy, overlapping and from a string.
	c := []byte("0123456789")
	fmt.Println(copy(c[2:], c), string(c))
	fmt.Println(copy(c, "ab"), string(c))
	clear(c[5:])
	fmt.Println(c)

	// []bool and []int8.
	sieve := make([]bool, 30)
	for i := 2; i*i < 30; i++ {
		if !sieve[i] {
			for j := i * i; j < 30; j += i {
				sieve[j] = true
			}
		}
	}
	var primes []int
	for i := 2; i < 30; i++ {
		if !sieve[i] {
			primes = append(primes, i)
		}
	}
	fmt.Println(primes, sieve[:6])
	d := []int8{-128, -1, 0, 1, 127}
	sum := 0
	for _, v := range d {
		sum += int(v)
	}
	d[0]--
	fmt.Println(d, sum, int(d[0]))
	p := &d[1]
	*p *= 3
	fmt.Println(d, *p)

	// arrays of bytes: values, fields, map keys, comparisons.
	var h header
	copy(h.magic[:], "GOBY")
	h.flags[1] = true
	h.delta = [2]int8{-5, 5}
	h2 := h
	h2.magic[0] = 'g'
	fmt.Println(string(h.magic[:]), string(h2.magic[:]), h == h2, h.flags, h.delta)
	h2.magic[0] = 'G'
	fmt.Println(h == h2)
	keys := map[[4]byte]int{}
	keys[h.magic]++
	keys[[4]byte{'G', 'O', 'B', 'Y'}]++
	keys[[4]byte{}]++
	fmt.Println(len(keys), keys[h.magic])
	arr := [5]byte{5, 4, 3, 2, 1}
	sl := arr[1:4]
	sl[0] = 40
	ap := (*[3]byte)(sl)
	ap[2] = 20
	fmt.Println(arr, [3]byte(sl), len(ap))
	bp := &arr[0]
	*bp = 50
	fmt.Println(arr[0], *bp == arr[0])
	var bsets [2][3]bool
	bsets[1][2] = true
	fmt.Println(bsets, bsets == [2][3]bool{{}, {false, false, true}})

	// unsafe over bytes.
	u := []byte("unsafe!")
	str := unsafe.String(&u[0], 6)
	fmt.Println(str, len(str))
	us := unsafe.Slice(unsafe.SliceData(u), 3)
	us[0] = 'U'
	fmt.Println(string(u), string(us))
	q := (*byte)(unsafe.Add(unsafe.Pointer(&u[0]), 2))
	fmt.Println(string(rune(*q)))
	sd := unsafe.StringData("xyz")
	fmt.Println(string(unsafe.Slice(sd, 3)))

	// bytes.Buffer, strings.Builder, encoding/binary, hex.
	var buf bytes.Buffer
	for i := range 100 {
		fmt.Fprintf(&buf, "%d,", i)
	}
	buf.WriteByte('!')
	fmt.Println(buf.Len(), buf.String()[:20], bytes.Count(buf.Bytes(), []byte(",")))
	line, err := buf.ReadString(',')
	fmt.Printf("%q %v %d\n", line, err, buf.Len())
	var sb strings.Builder
	for i := range 50 {
		sb.WriteByte(byte('A' + i%26))
		sb.WriteString("·")
	}
	fmt.Println(sb.Len(), sb.String()[:12])
	le := make([]byte, 16)
	binary.LittleEndian.PutUint32(le, 0xdeadbeef)
	binary.BigEndian.PutUint64(le[8:], 0x0102030405060708)
	fmt.Println(le, binary.LittleEndian.Uint16(le[1:]), binary.BigEndian.Uint32(le[10:]))
	le = binary.LittleEndian.AppendUint16(le, 0xabcd)
	fmt.Println(hex.EncodeToString(le), binary.NativeEndian.Uint32(le[:4]) == 0xdeadbeef)
	var w bytes.Buffer
	binary.Write(&w, binary.BigEndian, struct {
		A uint16
		B [3]byte
		C bool
	}{0x1234, [3]byte{7, 8, 9}, true})
	fmt.Println(w.Bytes())

	// Library functions over bytes.
	words := bytes.Fields([]byte(" the quick  brown fox "))
	sort.Slice(words, func(i, j int) bool { return bytes.Compare(words[i], words[j]) < 0 })
	fmt.Printf("%s\n", bytes.Join(words, []byte("+")))
	r := []byte("hello")
	slices.Reverse(r)
	slices.Sort(r)
	fmt.Println(string(r), bytes.IndexByte(r, 'l'), bytes.Equal(r, []byte("ehllo")), bytes.ToUpper(r))
	sw := []byte("abcd")
	reflect.Swapper(sw)(0, 3)
	fmt.Println(string(sw))

	// reflect and fmt.
	v := reflect.ValueOf(&h).Elem()
	fmt.Println(v.Field(0).Len(), v.Field(0).Index(1).Uint(), v.Field(1).Index(1).Bool(), v.Field(2).Index(0).Int())
	bv := reflect.ValueOf(b)
	bv.Index(0).SetUint('Z')
	fmt.Println(string(b[:3]), string(bv.Bytes()[:2]), bv.Slice(1, 3).Len())
	fmt.Println(reflect.DeepEqual([]byte("ab"), []byte("ab")), reflect.DeepEqual([]bool{true}, []bool{false}), reflect.DeepEqual(h, h2))
	nb := reflect.Append(reflect.ValueOf([]byte("xy")), reflect.ValueOf(byte('z')))
	fmt.Println(string(nb.Bytes()), nb.Len())
	ms := reflect.MakeSlice(reflect.TypeOf([]int8(nil)), 2, 4)
	ms.Index(1).SetInt(-7)
	fmt.Println(ms.Interface(), ms.Cap())
	fmt.Printf("%v %x %q %v %v\n", []byte("hi"), []byte("hi"), []byte("hi"), [2]bool{true, false}, []int8{-1, 2})
	fmt.Printf("%+v\n", h)
	fmt.Println(reflect.ValueOf(&arr).Elem().Bytes()[2])
	pv := reflect.ValueOf(&arr[1])
	pv.Elem().SetUint(41)
	fmt.Println(arr[1], pv.Elem().Uint())
}
