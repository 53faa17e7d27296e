package explore

import "github.com/vtcheck/vt/interp"

// habaneroPkg is the import path of vt's habanero library.
const habaneroPkg = "github.com/vtcheck/vt/habanero"

// habaneroAnnotations declares the habanero library's marks (habanero/hooks.go)
// as annotations, each with its named operation: every async, finish end,
// Future.Get, isolated entry and exit, phaser Next, Signal and wait, DDF Put
// and await and ForallChunked chunk is a scheduling point and an event of its
// own. The marks order nothing; the library's own code gives the
// happens-before edges of HJ's semantics.
func habaneroAnnotations() []interp.Annotation {
	var out []interp.Annotation
	for name, op := range map[string]interp.Op{
		"markAsync":         interp.OpAsync,
		"markFinishEnd":     interp.OpFinishEnd,
		"markFutureGet":     interp.OpFutureGet,
		"markIsolatedEnter": interp.OpIsolatedEnter,
		"markIsolatedExit":  interp.OpIsolatedExit,
		"markNext":          interp.OpPhaserNext,
		"markSignal":        interp.OpPhaserSignal,
		"markPhaserWait":    interp.OpPhaserWait,
		"markDDFPut":        interp.OpDDFPut,
		"markDDFAwait":      interp.OpDDFAwait,
		"markForallChunk":   interp.OpForallChunk,
	} {
		out = append(out, interp.Annotation{Name: habaneroPkg + "." + name, Form: interp.AnnotateObject, Tag: op, Op: op})
	}
	return out
}
