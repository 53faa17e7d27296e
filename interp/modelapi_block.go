package interp

// The machine's side of the models' API for blocking, scheduling points,
// synchronization events and the virtual OS (modelapi.Scheduling): what
// the models of the virtual OS's system calls (interp/models/osmodel)
// reach of the goroutine that calls them.

import (
	"fmt"
	"strings"
	"syscall"
	"unsafe"

	modelapi "github.com/vtcheck/vt/interp/model"
	"github.com/vtcheck/vt/interp/vos"
)

// apiOps are the machine's operations of the API's.
var apiOps = [modelapi.NumOps]Op{
	modelapi.OpNone:       OpNone,
	modelapi.OpListen:     OpListen,
	modelapi.OpDial:       OpDial,
	modelapi.OpAccept:     OpAccept,
	modelapi.OpNetRead:    OpNetRead,
	modelapi.OpNetWrite:   OpNetWrite,
	modelapi.OpShutdown:   OpShutdown,
	modelapi.OpPipeRead:   OpPipeRead,
	modelapi.OpPipeWrite:  OpPipeWrite,
	modelapi.OpClose:      OpClose,
	modelapi.OpFileRead:   OpFileRead,
	modelapi.OpFileWrite:  OpFileWrite,
	modelapi.OpFileOp:     OpFileOp,
	modelapi.OpSemacquire: OpSemacquire,
	modelapi.OpKill:       OpKill,
	modelapi.OpSignalRecv: OpSignalRecv,
	modelapi.OpSignalIdle: OpSignalIdle,
}

// apiChoices are the machine's choices of the API's.
var apiChoices = map[modelapi.Choice]Choice{
	modelapi.ChooseDatagram:     ChooseDatagram,
	modelapi.ChooseDatagramLoss: ChooseDatagramLoss,
}

// frame is the frame of the model's call: a ControlFunc's caller, which
// the machine makes its goroutine's top frame before the call
// (apiModel).
func (a *apiMachine) frame() *frame { return a.cur.top }

// goWaiter is a goroutine blocked in a model (the virtual OS's kernel, or
// a wait queue of a model): woken, it becomes runnable and calls the
// model again.
type goWaiter struct{ g *Goroutine }

// Wake makes the goroutine runnable.
func (w goWaiter) Wake() { w.g.wake() }

// kernelAddr is the identity of a kernel object in events.
func kernelAddr(o vos.Object) Addr { return Addr{p: o.Pointer()} }

func (a *apiMachine) OS() *vos.Kernel { return (*machine)(a).vos() }

func (a *apiMachine) Point(op modelapi.Op) bool {
	fr := a.frame()
	if fr.g.resumed {
		fr.g.resumed = false
		return false
	}
	return op != modelapi.OpNone && fr.point(apiOps[op], fr.pos())
}

func (a *apiMachine) Waker() modelapi.Waker { return goWaiter{a.cur} }

func (a *apiMachine) Daemon() {
	m, g := (*machine)(a), a.cur
	if !g.daemon && g != m.main {
		g.daemon = true
		m.daemons++
	}
}

func (a *apiMachine) Choose(c modelapi.Choice, n int) int {
	return a.sched.Choose(a.cur, apiChoices[c], n)
}

func (a *apiMachine) DatagramLoss() bool { return a.opts.DatagramLoss }

func (a *apiMachine) Args() []string { return a.opts.Args }

func (a *apiMachine) Acquire(o vos.Object) {
	fr := a.frame()
	(*machine)(a).emit(fr, Event{Kind: EvIORead, Addr: kernelAddr(o), Pos: fr.pos()})
}

func (a *apiMachine) Release(o vos.Object) {
	fr := a.frame()
	(*machine)(a).emit(fr, Event{Kind: EvIOWrite, Addr: kernelAddr(o), Pos: fr.pos()})
}

func (a *apiMachine) Atomic(p modelapi.Value) {
	c := fromAPI(p).ptr()
	if c == nil {
		panic(nilDeref)
	}
	fr := a.frame()
	(*machine)(a).emit(fr, Event{Kind: EvAtomic, Addr: addrOf(c), N: 1, Pos: fr.pos()})
}

func (a *apiMachine) AccessBytes(write bool, b []byte) {
	if len(b) == 0 || !a.watchMem {
		return
	}
	k := EvRead
	if write {
		k = EvWrite
	}
	fr := a.frame()
	(*machine)(a).emit(fr, Event{Kind: k, Op: OpModel, Addr: addrOfByte(&b[0]), N: len(b), Pos: fr.pos(), Func: a.callee})
}

func (a *apiMachine) ReadElems(p modelapi.Value) {
	c := fromAPI(p).ptr()
	if c == nil {
		panic(nilDeref)
	}
	(*machine)(a).modelAccessElems(EvRead, c.elems(), nil)
}

func (a *apiMachine) Write(p modelapi.Value) {
	if c := fromAPI(p).ptr(); c != nil {
		(*machine)(a).modelAccessElems(EvWrite, unsafe.Slice(c, 1), nil)
	}
}

func (a *apiMachine) AccessAt(write bool, p modelapi.Value) {
	k := EvRead
	if write {
		k = EvWrite
	}
	m := (*machine)(a)
	switch c := fromAPI(p).r.(type) {
	case *value:
		m.modelAccessValueAt(k, addrOf(c))
	case *byte:
		m.modelAccessValueAt(k, addrOfByte(c))
	}
}

func (a *apiMachine) BytesAt(p modelapi.Value, n int) []byte {
	b, _ := fromAPI(p).r.(*byte)
	if b == nil || n == 0 {
		return nil
	}
	return unsafe.Slice(b, n)
}

func (a *apiMachine) MakeBytes(b []byte) modelapi.Value { return apiValue(value{r: b}) }

func (a *apiMachine) ElemPtr(v modelapi.Value, i int) modelapi.Value {
	return apiValue(value{r: &fromAPI(v).elems()[i]})
}

func (a *apiMachine) Output(fd int, b []byte, event bool) {
	m := (*machine)(a)
	switch fd {
	case 1:
		m.stdout.Write(b)
	case 2:
		m.stdout.Flush()
		m.stderr.Write(b)
	}
	if event {
		m.emit(nil, Event{Kind: EvOutput, G: m.cur, Seq: int64(fd)})
	}
}

func (a *apiMachine) Refuse(call, why string) { (*machine)(a).refuse(a.frame(), call, why) }

func (a *apiMachine) Exit(code int) { panic(exitError{code: code}) }

func (a *apiMachine) Timer(when int64, key any, fire func(modelapi.Machine)) {
	(*machine)(a).addTimer(&timer{when: when, id: key, fire: func(m *machine, _ *timer) { fire(m.api()) }})
}

func (a *apiMachine) CancelTimer(key any) {
	m := (*machine)(a)
	for _, t := range m.timers {
		if t.id == key {
			m.delTimer(t)
			return
		}
	}
}

// apiControlNext is the frame a ControlFunc's Next of Stop or Block
// leaves: none, the goroutine stopped or blocked (or the run ended).
func apiControlNext(fr *frame, next *modelapi.Next) *frame {
	if next.Block != modelapi.OpNone {
		var on Addr
		if !next.On.IsNil() {
			on = kernelAddr(next.On)
		}
		return fr.blockOn(apiOps[next.Block], fr.pos(), on)
	}
	return nil
}

// refuse stops the run: the virtual OS does not offer what call asks for
// (a non-loopback address, a process, ...).
func (m *machine) refuse(fr *frame, call, why string) {
	panic(&UnsupportedError{Call: call, What: why, Pos: m.prog.position(fr.userPos(fr.pos()))})
}

// vos returns the run's virtual OS, made on first use. The kernel is part
// of the run's world: a snapshot clones it, so every execution starts
// from the virtual OS as it was at the snapshot.
func (m *machine) vos() *vos.Kernel {
	m.materializeOS()
	if !m.osys.Ready() {
		m.osys.Init(m.opts.Env, m.opts.Dir)
	}
	return &m.osys
}

// materializeOS makes the run's copy of the snapshot's virtual OS, if
// the run started from one and has not used it yet (runState.osysFrom).
func (m *machine) materializeOS() {
	if m.osysFrom != nil {
		m.osys, m.osysFrom = *m.osysFrom.Clone(), nil
	}
}

func (a *apiMachine) Signaled(sig int, dump bool) {
	m, fr := (*machine)(a), a.frame()
	if dump {
		m.signalThrow(fr, syscall.Signal(sig))
	} else {
		m.killedBy(fr, syscall.Signal(sig))
	}
}

// killedBy ends the run: the process died of signal sig, silently, as a
// Go program does of SIGTERM, SIGINT or SIGHUP that it does not handle.
// The exit code is -1, as os.ProcessState.ExitCode reports for a process
// a signal ended.
func (m *machine) killedBy(fr *frame, sig syscall.Signal) *frame {
	m.stdout.Flush()
	msg := fmt.Sprintf("killed by signal %s (%v), which the program sent itself and did not handle", signalName(sig), sig)
	m.outcome = Outcome{Kind: Fatal, ExitCode: -1, Message: msg, Goroutines: []GoroutineInfo{fr.g.info(OpRunning)}}
	m.exit(-1)
	return nil
}

// signalThrow ends the run as the Go runtime does on SIGQUIT, SIGABRT and
// the others it dumps the stacks for: the signal's line, then the
// goroutines, exit status 2.
func (m *machine) signalThrow(fr *frame, sig syscall.Signal) *frame {
	m.stdout.Flush()
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: %v\nPC=0x0 m=0 sigcode=0\n\n", signalName(sig), sig)
	fr.g.top = fr
	m.writeTraceback(&sb, fr.g)
	m.stderr.Write([]byte(sb.String()))
	m.outcome = Outcome{Kind: Fatal, ExitCode: 2, Message: fmt.Sprintf("%s: %v (the program sent it to itself)", signalName(sig), sig), Goroutines: []GoroutineInfo{fr.g.info(OpRunning)}}
	m.exit(2)
	return nil
}

// signalName returns the name of sig as the Go runtime prints it
// ("SIGTERM"), or "signal N".
func signalName(sig syscall.Signal) string {
	names := map[syscall.Signal]string{
		syscall.SIGHUP: "SIGHUP", syscall.SIGINT: "SIGINT", syscall.SIGQUIT: "SIGQUIT", syscall.SIGILL: "SIGILL",
		syscall.SIGTRAP: "SIGTRAP", syscall.SIGABRT: "SIGABRT", syscall.SIGBUS: "SIGBUS", syscall.SIGFPE: "SIGFPE",
		syscall.SIGKILL: "SIGKILL", syscall.SIGSEGV: "SIGSEGV", syscall.SIGTERM: "SIGTERM", syscall.SIGSTKFLT: "SIGSTKFLT",
		syscall.SIGSYS: "SIGSYS",
	}
	if n, ok := names[sig]; ok {
		return n
	}
	return fmt.Sprintf("signal %d", int(sig))
}
