package model

import "github.com/vtcheck/vt/interp/vos"

// The run as a model that blocks, stops at scheduling points or reports
// synchronization events sees it: the goroutine that calls it, the
// virtual OS, the run's output and end. These methods are valid during a
// [ControlFunc]'s call only (they act on the calling goroutine, at the
// call's position).

// An Op is an operation at which a goroutine stops (a scheduling point,
// [Scheduling.Point]) or blocks ([Next].Block), as the machine's events,
// schedules and tracebacks name it. The machine has more (channels,
// mutexes, timers); these are the ones the models outside it use.
type Op int

// The operations of the models outside the machine: the virtual OS's
// system calls and waits.
const (
	OpNone       Op = iota // no scheduling point
	OpListen               // bind or listen of a socket
	OpDial                 // connect of a socket
	OpAccept               // accept on a listening socket
	OpNetRead              // read or receive on a socket
	OpNetWrite             // write or send on a socket
	OpShutdown             // shutdown of a socket
	OpPipeRead             // read from a pipe
	OpPipeWrite            // write to a pipe
	OpClose                // close of a descriptor
	OpFileRead             // read of a file
	OpFileWrite            // write of a file
	OpFileOp               // an operation on the file system: open, stat, rename, ...
	OpSemacquire           // blocked in the runtime's semaphore (a descriptor's lock)
	OpKill                 // kill(2) of the process itself
	OpSignalRecv           // os/signal's loop waiting for a signal
	OpSignalIdle           // signal.Stop waiting until no signal is being delivered
	NumOps                 // the number of Ops
)

// A Waker wakes a goroutine that blocked ([Next].Block): the goroutine
// becomes runnable and, when the scheduler picks it, calls the model
// again with the same arguments. Waking a goroutine that is not blocked
// (woken already) does nothing. It is the virtual OS's waiter
// (vos.Waiter): the kernel wakes a goroutine waiting on one of its
// objects.
type Waker interface {
	Wake()
}

// A Choice is a kind of choice of the scheduler that a model asks for
// ([Scheduling.Choose]), other than the program's random input
// ([Machine.Draw]).
type Choice int

// The choices of the models outside the machine.
const (
	// ChooseDatagram: which of the queued datagrams a receive takes.
	ChooseDatagram Choice = iota + 1
	// ChooseDatagramLoss: whether a datagram sent is lost (1) or not
	// (0), with the run's option of datagram loss.
	ChooseDatagramLoss
)

// Scheduling is the machine's side of blocking, scheduling points,
// synchronization events and the virtual OS, as a [ControlFunc] sees it
// (part of [Machine]).
//
// # Scheduling points and blocking
//
// A model whose call is a scheduling point calls Point first: if it
// reports true, the goroutine stops there and the model returns
// Next{Stop: true} at once; the machine calls it again, with the same
// arguments, when the scheduler picks the goroutine, and Point then
// reports false. A model that must wait hands the goroutine's Waker to
// whatever will wake it (the virtual OS's kernel, or a wait queue of its
// State) and returns Next{Block: op}; woken, the goroutine calls the model
// again, which finds the operation can proceed, or blocks again.
//
// # Events
//
// Acquire and Release report the happens-before edges of a kernel object
// (a pipe, a socket, a file, the signal queue): a write to it releases,
// a read from it acquires. Atomic reports an atomic operation on a word
// of the program's memory. AccessBytes, Write and ReadElems report the
// model's accesses to the program's memory, as Machine.Read does for one
// cell (see Mem.Own).
type Scheduling interface {
	// OS returns the run's virtual OS: part of the run's state, which
	// snapshots copy.
	OS() *vos.Kernel
	// Point makes the call a scheduling point op (none for OpNone): it
	// reports whether the goroutine stops there, the model then
	// returning Next{Stop: true}.
	Point(op Op) bool
	// Waker returns the waker of the calling goroutine.
	Waker() Waker
	// Daemon marks the calling goroutine as one the run does not wait
	// for and that is no leak (os/signal's loop).
	Daemon()
	// Choose returns a choice of kind c in [0, n) of the scheduler, for
	// the calling goroutine: a tool may enumerate it, and the schedule
	// records it.
	Choose(c Choice, n int) int
	// DatagramLoss reports whether the run may lose datagrams (a choice
	// ChooseDatagramLoss of each one sent).
	DatagramLoss() bool
	// Args returns the program's command-line arguments (os.Args).
	Args() []string

	// Acquire and Release report a read from, and a write to, the
	// kernel object o: its happens-before edges.
	Acquire(o vos.Object)
	Release(o vos.Object)
	// Atomic reports an atomic operation on the cell p points to.
	Atomic(p Value)
	// AccessBytes reports the model's read (or write) of the bytes b of
	// the program's memory (a part of what Bytes or BytesAt returned), as
	// one access.
	AccessBytes(write bool, b []byte)
	// ReadElems reports the model's read of every cell of the struct or
	// array p points to, as one access.
	ReadElems(p Value)
	// Write reports the model's write of the cell p points to.
	Write(p Value)
	// AccessAt reports the model's read (or write) of the word the
	// pointer p points to, whatever it points into (a variable, a byte
	// of a byte array); a pointer the machine cannot name as one word
	// (nil, a view of memory through unsafe) reports nothing.
	AccessAt(write bool, p Value)

	// BytesAt returns the n bytes of the program's memory that start at
	// the byte the pointer p (a *byte) points to: the model reads them
	// only.
	BytesAt(p Value, n int) []byte
	// MakeBytes returns a []byte value of b, which it keeps.
	MakeBytes(b []byte) Value
	// ElemPtr returns a pointer to the element i of the slice or array
	// v (for Store).
	ElemPtr(v Value, i int) Value

	// Output writes b to the run's standard output (fd 1) or error (fd
	// 2); event says to report it as the program's output (EvOutput).
	Output(fd int, b []byte, event bool)
	// Refuse ends the run as one vt does not support: call is what the
	// program asked for, why the reason.
	Refuse(call, why string)
	// Exit ends the program with the exit code, as os.Exit.
	Exit(code int)
	// Signaled ends the program, killed by the signal sig it sent itself
	// and did not handle: silently (Go's SIGTERM), or with the stacks
	// (dump: Go's SIGQUIT). The model then returns Next{Stop: true}.
	Signaled(sig int, dump bool)

	// Timer arms a timer of the runtime at the virtual time when (in
	// nanoseconds since 1970), named key: when the clock reaches it, the
	// machine calls fire with the machine of the run it fires in (a
	// snapshot's copy of the run fires its own copy). CancelTimer
	// removes the timer key, if armed.
	Timer(when int64, key any, fire func(m Machine))
	CancelTimer(key any)
}
