package interp

import (
	"fmt"
	"go/token"
	"go/types"
	"unsafe"
	"weak"
)

// This file says what a tool sees of a run, and nothing else does.
//
// A run shows itself in two ways:
//
//   - Scheduling points. Before an operation that other goroutines can
//     observe, the goroutine stops and the [Scheduler] picks the goroutine
//     that runs next (the stopped goroutine's [Goroutine.Pending] operation
//     is an [Op]); when it is picked again, it performs the operation. The
//     one protocol for this is frame.point.
//   - Events. Everything that happened is reported, in the order it
//     happened, to the [Observer] as an [Event]. The one way out is
//     machine.emit.
//
// Every producer — compiled loads and stores, builtins, the models of the
// standard library, the channel and goroutine machinery, the virtual clock,
// annotations — calls those two functions.
//
// What each Go operation does, in the order of a goroutine's life. "Point"
// says whether the goroutine stops before the operation (with the Op it is
// pending in); "Events" lists what the operation reports when it happens.
// An operation that cannot complete blocks: it reports EvBlock (with the
// Op), and the goroutine that later completes it reports EvUnblock for the
// blocked one, which then runs again from the operation (or after it, when
// the other goroutine completed it, as a channel handoff does).
//
//	Go operation                     Point  Op                     Events
//	go f()                           yes    OpGo                   EvGoStart (G the new goroutine, Other its creator)
//	function of a goroutine returns  no     -                      EvGoExit
//	runtime.Goexit                   no     -                      EvGoExit (after the deferred calls)
//	x := *p, p.f, a[i] (load)        no     -                      EvRead of the cells of x: one event per array of cells (a struct's fields, an array's elements; a nested aggregate is an array of its own)
//	*p = x, p.f = x, a[i] = x        no     -                      EvWrite of the cells of x, likewise
//	var x (a local in a reused cell) no     -                      EvAlloc of the cells of x, likewise
//	new(T), an escaping var x,       no     -                      EvNew of the new cell, of each array of cells of an aggregate in it; of
//	make of a slice, map or channel                                the slice's elements, of the map or channel
//	m[k], v, ok := m[k]              no     -                      EvRead of the map as a whole (Op OpMapAccess)
//	m[k] = v                         no     -                      EvWrite of the map as a whole (OpMapAssign)
//	delete(m, k), clear(m)           no     -                      EvWrite of the map (OpMapDelete, OpMapClear)
//	len(m)                           no     -                      EvRead of the map (OpMapLen)
//	range over a map                 no     -                      EvRead of the map at its start and each step (OpMapIterStart, OpMapIterNext)
//	copy(dst, src)                   no     -                      EvRead of src's copied elements, EvWrite of dst's (OpSliceCopy)
//	append(s, ...)                   no     -                      EvRead of s's elements if it grows (OpGrowSlice); EvRead of an appended slice, EvWrite of the new elements if they fit in s's array (OpAppend)
//	clear(s)                         no     -                      EvWrite of the elements (OpSliceClear)
//	string(b), string(r)             no     -                      EvRead of the elements (OpBytesToString, OpRunesToString)
//	ch <- v, a select's send case    -      -                      EvRead of the channel when it starts or is taken (OpChanSendRead), so that a send unordered with a close races
//	close(ch)                        -      -                      EvWrite of the channel (OpChanCloseWrite)
//	a model touching the program's   no     -                      EvRead, EvWrite of what it touches (OpModel, Func: the model); see memUse
//	memory (reflect, sort.Slice's
//	swapper, strings.Builder.String,
//	bytes' searches, os.File.Write)
//	len, cap of others, min, max     no     -                      none (no memory: values); cap(ch) likewise
//	ch <- v                          yes    OpChanSend             EvChanSend, and EvChanRecv of a receiver it hands v to
//	<-ch, v, ok := <-ch              yes    OpChanRecv             EvChanRecv (EvChanRecvClosed if closed and drained), and EvChanSend of a blocked sender it takes a value from
//	send or receive on a nil chan    yes    OpChanSend, OpChanRecv blocks forever in OpChanSendNil, OpChanRecvNil
//	close(ch)                        yes    OpChanClose            EvChanClose; blocked senders and receivers are woken
//	select                           yes    OpSelect               EvLook of its cases' channels, then as the send or receive of the case taken (a Choice among ready cases) or nothing (default); OpSelectNoCases blocks forever
//	len(ch)                          no     -                      EvLook of the channel
//	sync.Mutex Lock / Unlock         yes    OpMutexLock, ...       EvLock / EvUnlock
//	sync.Mutex.TryLock               yes    OpMutexTryLock         EvLock if it succeeds, else EvLook of the mutex
//	sync.RWMutex (R)Lock / (R)Unlock yes    OpRWMutexLock, ...     EvLock, EvRLock / EvUnlock, EvRUnlock
//	sync.RWMutex TryLock / TryRLock  yes    OpRWMutexTryLock, ...  EvLock / EvRLock if it succeeds, else EvLook of the mutex
//	sync.WaitGroup Add / Done        yes    OpWaitGroupAdd, ...    EvWGAdd (Seq the delta; Done is -1); Add(+n) from 0 also EvRead of the WaitGroup's sema field
//	sync.WaitGroup.Wait              yes    OpWaitGroupWait        EvWGWait when it returns; the first waiter to block also EvWrite of sema (as -race)
//	sync.Cond.Wait                   no     OpCondWait             EvCondWait when it wakes (Cond runs from source over these models)
//	sync.Cond Signal / Broadcast     yes    OpCondSignal, ...      EvCondSignal
//	sync.Once, sync.Cond's locking   -      -                      run from source: the events of their Mutex and atomics
//	sync.Map methods                 yes    OpSyncMapLoad, ...     EvAtomic on the map
//	sync.runtime_Semacquire          yes    OpSemaAcquire          EvAtomicRMW of the semaphore's cell when it decrements it; blocks in OpSemaAcquire while it is 0
//	sync.runtime_Semrelease          yes    OpSemaRelease          EvAtomicRMW of the semaphore's cell
//	sync.Pool Get / Put              no     -                      none (items go back only to the goroutine that put them, else Get calls New)
//	sync/atomic loads                yes    OpAtomicLoadInt32, ... EvAtomicLoad of the addressed cell (typed atomics run from source over these)
//	sync/atomic stores               yes    OpAtomicStoreInt32,... EvAtomicStore of the cell
//	Add, And, Or, Swap               yes    OpAtomicAddInt32, ...  EvAtomicRMW of the cell
//	CompareAndSwap                   yes    OpAtomicCompareAnd...  EvAtomicRMW if it swapped, else EvAtomicLoad
//	atomic.Value methods             yes    OpAtomicValueLoad, ... as the functions, on the Value's cell
//	runtime.Gosched                  yes    OpGosched              none
//	time.Sleep                       yes    OpSleep                blocks until the virtual clock passes the deadline
//	time.NewTimer, AfterFunc         no     -                      EvTimerSet (the setter releases into the timer)
//	Timer.Stop, Ticker.Stop          yes    OpTimerStop            EvTimerStop of the timer and its channel (what Stop reports depends on whether it fired and whether its tick was taken)
//	Timer.Reset, Ticker.Reset        yes    OpTimerReset           EvTimerStop as Stop's, then EvTimerSet
//	time passes                      no     -                      EvTimer (Seq the new time, Pos where the timer was set), when every goroutine is blocked or where the Scheduler chooses (ChooseTimer)
//	a Timer's or Ticker's tick       no     -                      EvTimerFire by the timer's context (it acquires the timer), then its EvChanSend, then EvTimerDone
//	an AfterFunc's timer fires       no     -                      EvTimerFire by the timer's context, then EvGoStart of f's goroutine (created by the context), then EvTimerDone
//	a range over a map               no     -                      none (where it starts: ChooseMapStart, in the program's own code)
//	math/rand, crypto/rand draws     no     -                      none (the numbers: ChooseRandom, see interp/models/randmodel)
//	iter.Pull's coroutine switch     no     -                      EvCoroSwitch (G switches to Other, also when the coroutine returns); blocks in OpCoroutine
//	testing.T.Run                    no     -                      EvGoStart of the subtest's goroutine; blocks in OpTestRun until the subtest ends (or calls Parallel): the subtest's EvChanSend and Run's EvChanRecv on the subtest's signal channel, as in Go's testing
//	testing.T.Parallel               no     -                      the signal to T.Run; blocks in OpTestParallel until the parent's function returns: the parent's EvChanClose of its barrier, the subtest's EvChanRecvClosed
//	a test's function returns        no     -                      with parallel subtests: waits (OpTestRun) for each one's EvChanSend, its EvChanRecv
//	a call of an annotation          yes    OpAnnotation           EvAnnotation (Program.Annotate)
//	habanero async, finish end, ...  yes    OpAsync, ...           EvAnnotation: the habanero library's marks, annotations with an Op of their own (no edge: the library's own goroutines, mutexes and conds give HJ's)
//	a write to os.Stdout, os.Stderr  no     -                      EvOutput (after the model's memory events)
//	a call of a hooked function      no     -                      what the hook's code does (Program.Hookable)
//
// The virtual OS (package vos): system calls on sockets, pipes and files. An
// operation that would block returns EAGAIN to internal/poll, whose
// runtime_pollWait blocks the goroutine in the operation's Op until the
// descriptor is ready, closed or past its deadline. The standard files
// are no scheduling points and report nothing (as fmt.Println never did).
//
//	net.Listen (bind, listen)        yes    OpListen               none
//	net.Dial (connect)               yes    OpDial                 none (the connection waits in the listener's queue)
//	Listener.Accept (accept)         yes    OpAccept               blocks in OpAccept while no connection waits
//	Conn.Read, ReadFrom (read, recv) yes    OpNetRead              EvWrite of the bytes read into the buffer, EvIORead of the socket; blocks in OpNetRead
//	Conn.Write, WriteTo (write, send) yes   OpNetWrite             EvRead of the bytes written, EvIOWrite of the receiving socket; blocks in OpNetWrite when its buffer is full
//	CloseRead, CloseWrite (shutdown) yes    OpShutdown             none
//	Close of a descriptor            yes    OpClose                EvAtomic on its fdMutex; a close waiting for a blocked user blocks in OpSemacquire
//	each operation on a descriptor   no     -                      EvAtomic on its fdMutex (as Go's atomics there), blocking in OpSemacquire while another goroutine holds its read or write lock
//	read, write of an os.Pipe        yes    OpPipeRead, OpPipeWrite as a socket's
//	read, write of a file            yes    OpFileRead, OpFileWrite EvWrite/EvRead of the buffer, EvIORead/EvIOWrite of the file
//	open, stat, rename, remove, ...  yes    OpFileOp               none
//	a datagram is received           -      -                      which one of those waiting is a Choice (ChooseDatagram); with DatagramLoss, whether one is lost too (ChooseDatagramLoss)
//	kill of the process itself       yes    OpKill                 EvIOWrite of the signal queue when os/signal wants the signal
//	os/signal's loop takes a signal  no     -                      EvIORead of the signal queue; blocks in OpSignalRecv while none is pending (then signal.Notify's channel send is the delivery)
//	signal.Stop                      no     -                      blocks in OpSignalIdle while a signal is pending or being delivered

// Some operations change nothing other goroutines can observe: the loads
// (atomic, atomic.Value, sync.Map Load and Range), runtime.Gosched, and,
// when they fail, TryLock, TryRLock and CompareAndSwap, a receive from a
// closed channel and a select that takes its default case. A goroutine that
// performed one is idle (Goroutine.Idle): one that keeps doing only such
// operations waits for another one, and a fair scheduler gives way to it.

// Where the producers are: compiled loads and stores in memory.go
// (compiler.load, compiler.store, machine.noteWrite, machine.accessCells,
// machine.accessValue, machine.accessElems, machine.accessMap; locals'
// EvAlloc from the Alloc op of ops.go); map reads and writes in map.go
// (compiler.lookup, compiler.mapUpdate) and map ranges in ops.go
// (compiler.rangeOp, compiler.next); builtins in builtins.go
// (compiler.builtinRegs, machine.appendValues); conversions in convert.go;
// models' accesses in models.go (model.withMem for declared ones,
// machine.modelAccessValue and its siblings for the models that report
// their own); channel operations in
// chan.go (the points in compiler.send, compiler.recv, compiler.selectOp,
// and close in builtins.go; the events in chanObj.send, chanObj.recv and
// chanObj.close, through chanObj.event); go statements in calls.go
// (compiler.goStmt; EvGoStart in machine.newGoroutine, goroutines.go);
// blocking, waking and exit in goroutines.go (frame.block, Goroutine.wake,
// machine.exitGoroutine) and hooks.go (machine.endRoot); sync in
// models_sync.go (syncOp for the points; lockCtl, unlockCtl, tryLockCtl,
// wgAdd, wgWait, notifyListWait, notifyOne, notifyAll, syncMapOp);
// sync/atomic in models_atomic.go (atomicCtl, atomicValueCtl); iter's
// coroutine switches in models_internal.go (iterCoroswitch);
// runtime.Gosched in models_runtime.go; time.Sleep and EvTimerSet in
// models_time.go (timeSleep, newTimer, resetTimer) and the clock's EvTimer
// and EvTimerFire in clock.go (machine.fireThrough, machine.fire);
// annotations in annotations.go (annotationCtl).

// Op is the operation a goroutine is stopped at (a scheduling point) or
// blocked in. Its String is the word Go's tracebacks use ("chan send",
// "select", "sync.Mutex.Lock", ...).
type Op uint8

// The operations. OpStart, OpResume and OpRunning are states of goroutines
// rather than operations.
const (
	OpNone    Op = iota // no operation
	OpStart             // created, not yet started
	OpResume            // woken after blocking, not yet at its next scheduling point
	OpRunning           // running (the goroutine of a panic or of a step limit)

	OpGo            // go statement
	OpChanSend      // send statement
	OpChanRecv      // receive operation
	OpChanClose     // close of a channel
	OpSelect        // select statement
	OpChanSendNil   // blocked forever sending on a nil channel
	OpChanRecvNil   // blocked forever receiving from a nil channel
	OpSelectNoCases // blocked forever in select {}

	OpMutexLock       // sync.Mutex.Lock
	OpMutexUnlock     // sync.Mutex.Unlock
	OpMutexTryLock    // sync.Mutex.TryLock
	OpRWMutexLock     // sync.RWMutex.Lock
	OpRWMutexUnlock   // sync.RWMutex.Unlock
	OpRWMutexTryLock  // sync.RWMutex.TryLock
	OpRWMutexRLock    // sync.RWMutex.RLock
	OpRWMutexRUnlock  // sync.RWMutex.RUnlock
	OpRWMutexTryRLock // sync.RWMutex.TryRLock
	OpWaitGroupAdd    // sync.WaitGroup.Add
	OpWaitGroupDone   // sync.WaitGroup.Done
	OpWaitGroupWait   // sync.WaitGroup.Wait
	OpCondWait        // blocked in sync.Cond.Wait
	OpCondSignal      // sync.Cond.Signal
	OpCondBroadcast   // sync.Cond.Broadcast

	OpSyncMapLoad             // sync.Map.Load
	OpSyncMapStore            // sync.Map.Store
	OpSyncMapLoadOrStore      // sync.Map.LoadOrStore
	OpSyncMapLoadAndDelete    // sync.Map.LoadAndDelete
	OpSyncMapDelete           // sync.Map.Delete
	OpSyncMapSwap             // sync.Map.Swap
	OpSyncMapCompareAndSwap   // sync.Map.CompareAndSwap
	OpSyncMapCompareAndDelete // sync.Map.CompareAndDelete
	OpSyncMapClear            // sync.Map.Clear
	OpSyncMapRange            // sync.Map.Range

	OpAtomicLoadInt32             // atomic.LoadInt32
	OpAtomicLoadInt64             // atomic.LoadInt64
	OpAtomicLoadUint32            // atomic.LoadUint32
	OpAtomicLoadUint64            // atomic.LoadUint64
	OpAtomicLoadUintptr           // atomic.LoadUintptr
	OpAtomicLoadPointer           // atomic.LoadPointer
	OpAtomicStoreInt32            // atomic.StoreInt32
	OpAtomicStoreInt64            // atomic.StoreInt64
	OpAtomicStoreUint32           // atomic.StoreUint32
	OpAtomicStoreUint64           // atomic.StoreUint64
	OpAtomicStoreUintptr          // atomic.StoreUintptr
	OpAtomicStorePointer          // atomic.StorePointer
	OpAtomicSwapInt32             // atomic.SwapInt32
	OpAtomicSwapInt64             // atomic.SwapInt64
	OpAtomicSwapUint32            // atomic.SwapUint32
	OpAtomicSwapUint64            // atomic.SwapUint64
	OpAtomicSwapUintptr           // atomic.SwapUintptr
	OpAtomicSwapPointer           // atomic.SwapPointer
	OpAtomicCompareAndSwapInt32   // atomic.CompareAndSwapInt32
	OpAtomicCompareAndSwapInt64   // atomic.CompareAndSwapInt64
	OpAtomicCompareAndSwapUint32  // atomic.CompareAndSwapUint32
	OpAtomicCompareAndSwapUint64  // atomic.CompareAndSwapUint64
	OpAtomicCompareAndSwapUintptr // atomic.CompareAndSwapUintptr
	OpAtomicCompareAndSwapPointer // atomic.CompareAndSwapPointer
	OpAtomicAddInt32              // atomic.AddInt32
	OpAtomicAddInt64              // atomic.AddInt64
	OpAtomicAddUint32             // atomic.AddUint32
	OpAtomicAddUint64             // atomic.AddUint64
	OpAtomicAddUintptr            // atomic.AddUintptr
	OpAtomicAndInt32              // atomic.AndInt32
	OpAtomicAndInt64              // atomic.AndInt64
	OpAtomicAndUint32             // atomic.AndUint32
	OpAtomicAndUint64             // atomic.AndUint64
	OpAtomicAndUintptr            // atomic.AndUintptr
	OpAtomicOrInt32               // atomic.OrInt32
	OpAtomicOrInt64               // atomic.OrInt64
	OpAtomicOrUint32              // atomic.OrUint32
	OpAtomicOrUint64              // atomic.OrUint64
	OpAtomicOrUintptr             // atomic.OrUintptr
	OpAtomicValueLoad             // atomic.Value.Load
	OpAtomicValueStore            // atomic.Value.Store
	OpAtomicValueSwap             // atomic.Value.Swap
	OpAtomicValueCompareAndSwap   // atomic.Value.CompareAndSwap

	OpGosched      // runtime.Gosched
	OpSleep        // time.Sleep
	OpCoroutine    // blocked in a coroutine switch of iter.Pull
	OpTestRun      // blocked in testing.T.Run until the subtest ends
	OpTestParallel // blocked in testing.T.Parallel until the parent test's function returns
	OpAnnotation   // a call of an annotation function (Program.Annotate)

	// The operations of the habanero library (task parallelism): its
	// marks are annotations with these Ops (Annotation.Op). The
	// happens-before edges of HJ's semantics are those of the library's
	// own code (a go statement for async, a Cond for finish, futures,
	// DDFs and phasers, one mutex for isolated), which runs interpreted.
	OpAsync         // habanero: a task is spawned (Async, Future, AsyncAwait, AsyncPhased); Addr is the finish it joins
	OpFinishEnd     // habanero: the end of a finish (Finish, Launch, Forall): waits for its tasks; Addr is the finish
	OpFutureGet     // habanero: Future.Get
	OpIsolatedEnter // habanero: entry of an isolated section
	OpIsolatedExit  // habanero: exit of an isolated section
	OpPhaserNext    // habanero: Task.Next or NextSingle
	OpPhaserSignal  // habanero: Task.Signal
	OpPhaserWait    // habanero: the wait for a phaser's phase in Next
	OpDDFPut        // habanero: DDF.Put
	OpDDFAwait      // habanero: AsyncAwait's wait for a DDF
	OpForallChunk   // habanero: a chunk task of ForallChunked is spawned; Addr is the finish it joins
	OpTimer         // time passes and timers fire: a step of the runtime in schedules, not a goroutine's operation

	// The operations that make memory events (EvRead, EvWrite) other than
	// the loads and stores of the program's code (OpNone). Their names are
	// the runtime functions Go's race detector shows for them, or the
	// builtin where it shows none.
	OpMapAccess      // m[k], v, ok := m[k]: a read of the map
	OpMapAssign      // m[k] = v: a write of the map
	OpMapDelete      // delete(m, k): a write of the map
	OpMapClear       // clear(m): a write of the map
	OpMapIterStart   // the start of a range over a map: a read of it
	OpMapIterNext    // each step of a range over a map: a read of it
	OpMapLen         // len(m): a read of the map
	OpSliceCopy      // copy: reads of the source, writes of the destination
	OpGrowSlice      // append that grows the slice: reads of its elements
	OpAppend         // append: reads of an appended slice, writes of the new elements
	OpSliceClear     // clear(s): writes of the elements
	OpBytesToString  // string(b): reads of the bytes
	OpRunesToString  // string(r): reads of the runes
	OpChanSendRead   // a send (not blocked in a select): a read of the channel, which close writes
	OpChanCloseWrite // close(ch): a write of the channel
	OpModel          // a modeled function (Event.Func) reading or writing the program's memory

	OpListen      // bind or listen of a socket (net.Listen, net.ListenUDP)
	OpDial        // connect of a socket (net.Dial)
	OpAccept      // accept on a listening socket (Listener.Accept)
	OpNetRead     // read or receive on a socket
	OpNetWrite    // write or send on a socket
	OpShutdown    // shutdown of a socket (CloseRead, CloseWrite)
	OpPipeRead    // read from a pipe (os.Pipe)
	OpPipeWrite   // write to a pipe
	OpClose       // close of a descriptor (a socket, pipe or file)
	OpFileRead    // read of a file
	OpFileWrite   // write of a file
	OpFileOp      // an operation on the file system: open, create, stat, read a directory, rename, remove, chmod, ...
	OpSemacquire  // blocked in the runtime's semaphore: a descriptor's lock held by another goroutine, a close waiting for its last user
	OpSemaAcquire // sync's runtime_Semacquire (and its RWMutex and WaitGroup variants), called directly
	OpSemaRelease // sync's runtime_Semrelease, called directly
	OpSynctestRun // blocked in testing/synctest's Run until the bubble's goroutines end; their ends and Run's return are EvAtomicRMW of the bubble
	OpKill        // kill(2) of the process itself: a signal raised (syscall.Kill, os.Process.Signal)
	OpSignalRecv  // os/signal's loop waiting for a signal (the runtime's signal_recv)
	OpSignalIdle  // signal.Stop waiting until no signal is being delivered
	OpTimerStop   // time.Timer.Stop, Ticker.Stop (the runtime's stopTimer)
	OpTimerReset  // time.Timer.Reset, Ticker.Reset (the runtime's resetTimer)

	numOps
)

// opInfo is what the interpreter knows of an operation.
type opInfo struct {
	name  string // as Go's tracebacks write it
	point bool   // goroutines stop before it (else they only block in it, or it is a state)
	// src is what the program wrote, for the operations of memory events:
	// the builtin or expression ("copy", "m[k]", "range", ...).
	src string
}

var ops = [numOps]opInfo{
	OpNone:    {"", false, ""},
	OpStart:   {"start", false, ""},
	OpResume:  {"resume", false, ""},
	OpRunning: {"running", false, ""},

	OpGo:            {"go", true, ""},
	OpChanSend:      {"chan send", true, ""},
	OpChanRecv:      {"chan receive", true, ""},
	OpChanClose:     {"chan close", true, ""},
	OpSelect:        {"select", true, ""},
	OpChanSendNil:   {"chan send (nil chan)", false, ""},
	OpChanRecvNil:   {"chan receive (nil chan)", false, ""},
	OpSelectNoCases: {"select (no cases)", false, ""},

	OpMutexLock:       {"sync.Mutex.Lock", true, ""},
	OpMutexUnlock:     {"sync.Mutex.Unlock", true, ""},
	OpMutexTryLock:    {"sync.Mutex.TryLock", true, ""},
	OpRWMutexLock:     {"sync.RWMutex.Lock", true, ""},
	OpRWMutexUnlock:   {"sync.RWMutex.Unlock", true, ""},
	OpRWMutexTryLock:  {"sync.RWMutex.TryLock", true, ""},
	OpRWMutexRLock:    {"sync.RWMutex.RLock", true, ""},
	OpRWMutexRUnlock:  {"sync.RWMutex.RUnlock", true, ""},
	OpRWMutexTryRLock: {"sync.RWMutex.TryRLock", true, ""},
	OpWaitGroupAdd:    {"sync.WaitGroup.Add", true, ""},
	OpWaitGroupDone:   {"sync.WaitGroup.Done", true, ""},
	OpWaitGroupWait:   {"sync.WaitGroup.Wait", true, ""},
	OpCondWait:        {"sync.Cond.Wait", false, ""},
	OpCondSignal:      {"sync.Cond.Signal", true, ""},
	OpCondBroadcast:   {"sync.Cond.Broadcast", true, ""},

	OpSyncMapLoad:             {"sync.Map.Load", true, ""},
	OpSyncMapStore:            {"sync.Map.Store", true, ""},
	OpSyncMapLoadOrStore:      {"sync.Map.LoadOrStore", true, ""},
	OpSyncMapLoadAndDelete:    {"sync.Map.LoadAndDelete", true, ""},
	OpSyncMapDelete:           {"sync.Map.Delete", true, ""},
	OpSyncMapSwap:             {"sync.Map.Swap", true, ""},
	OpSyncMapCompareAndSwap:   {"sync.Map.CompareAndSwap", true, ""},
	OpSyncMapCompareAndDelete: {"sync.Map.CompareAndDelete", true, ""},
	OpSyncMapClear:            {"sync.Map.Clear", true, ""},
	OpSyncMapRange:            {"sync.Map.Range", true, ""},

	OpAtomicLoadInt32:             {"atomic.LoadInt32", true, ""},
	OpAtomicLoadInt64:             {"atomic.LoadInt64", true, ""},
	OpAtomicLoadUint32:            {"atomic.LoadUint32", true, ""},
	OpAtomicLoadUint64:            {"atomic.LoadUint64", true, ""},
	OpAtomicLoadUintptr:           {"atomic.LoadUintptr", true, ""},
	OpAtomicLoadPointer:           {"atomic.LoadPointer", true, ""},
	OpAtomicStoreInt32:            {"atomic.StoreInt32", true, ""},
	OpAtomicStoreInt64:            {"atomic.StoreInt64", true, ""},
	OpAtomicStoreUint32:           {"atomic.StoreUint32", true, ""},
	OpAtomicStoreUint64:           {"atomic.StoreUint64", true, ""},
	OpAtomicStoreUintptr:          {"atomic.StoreUintptr", true, ""},
	OpAtomicStorePointer:          {"atomic.StorePointer", true, ""},
	OpAtomicSwapInt32:             {"atomic.SwapInt32", true, ""},
	OpAtomicSwapInt64:             {"atomic.SwapInt64", true, ""},
	OpAtomicSwapUint32:            {"atomic.SwapUint32", true, ""},
	OpAtomicSwapUint64:            {"atomic.SwapUint64", true, ""},
	OpAtomicSwapUintptr:           {"atomic.SwapUintptr", true, ""},
	OpAtomicSwapPointer:           {"atomic.SwapPointer", true, ""},
	OpAtomicCompareAndSwapInt32:   {"atomic.CompareAndSwapInt32", true, ""},
	OpAtomicCompareAndSwapInt64:   {"atomic.CompareAndSwapInt64", true, ""},
	OpAtomicCompareAndSwapUint32:  {"atomic.CompareAndSwapUint32", true, ""},
	OpAtomicCompareAndSwapUint64:  {"atomic.CompareAndSwapUint64", true, ""},
	OpAtomicCompareAndSwapUintptr: {"atomic.CompareAndSwapUintptr", true, ""},
	OpAtomicCompareAndSwapPointer: {"atomic.CompareAndSwapPointer", true, ""},
	OpAtomicAddInt32:              {"atomic.AddInt32", true, ""},
	OpAtomicAddInt64:              {"atomic.AddInt64", true, ""},
	OpAtomicAddUint32:             {"atomic.AddUint32", true, ""},
	OpAtomicAddUint64:             {"atomic.AddUint64", true, ""},
	OpAtomicAddUintptr:            {"atomic.AddUintptr", true, ""},
	OpAtomicAndInt32:              {"atomic.AndInt32", true, ""},
	OpAtomicAndInt64:              {"atomic.AndInt64", true, ""},
	OpAtomicAndUint32:             {"atomic.AndUint32", true, ""},
	OpAtomicAndUint64:             {"atomic.AndUint64", true, ""},
	OpAtomicAndUintptr:            {"atomic.AndUintptr", true, ""},
	OpAtomicOrInt32:               {"atomic.OrInt32", true, ""},
	OpAtomicOrInt64:               {"atomic.OrInt64", true, ""},
	OpAtomicOrUint32:              {"atomic.OrUint32", true, ""},
	OpAtomicOrUint64:              {"atomic.OrUint64", true, ""},
	OpAtomicOrUintptr:             {"atomic.OrUintptr", true, ""},
	OpAtomicValueLoad:             {"atomic.Value.Load", true, ""},
	OpAtomicValueStore:            {"atomic.Value.Store", true, ""},
	OpAtomicValueSwap:             {"atomic.Value.Swap", true, ""},
	OpAtomicValueCompareAndSwap:   {"atomic.Value.CompareAndSwap", true, ""},

	OpGosched:      {"runtime.Gosched", true, ""},
	OpSleep:        {"sleep", true, ""},
	OpCoroutine:    {"coroutine", false, ""},
	OpTestRun:      {"testing.T.Run", false, ""},
	OpTestParallel: {"testing.T.Parallel", false, ""},
	OpAnnotation:   {"annotation", true, ""},

	OpAsync:         {"habanero.async", true, ""},
	OpFinishEnd:     {"habanero.finish end", true, ""},
	OpFutureGet:     {"habanero.Future.Get", true, ""},
	OpIsolatedEnter: {"habanero.isolated enter", true, ""},
	OpIsolatedExit:  {"habanero.isolated exit", true, ""},
	OpPhaserNext:    {"habanero.Next", true, ""},
	OpPhaserSignal:  {"habanero.Signal", true, ""},
	OpPhaserWait:    {"habanero.phaser wait", true, ""},
	OpDDFPut:        {"habanero.DDF.Put", true, ""},
	OpDDFAwait:      {"habanero.DDF await", true, ""},
	OpForallChunk:   {"habanero.forall chunk", true, ""},
	OpTimer:         {"timer fires", false, ""},

	OpListen:      {"net listen", true, ""},
	OpDial:        {"net dial", true, ""},
	OpAccept:      {"net accept", true, ""},
	OpNetRead:     {"net read", true, ""},
	OpNetWrite:    {"net write", true, ""},
	OpShutdown:    {"net shutdown", true, ""},
	OpPipeRead:    {"pipe read", true, ""},
	OpPipeWrite:   {"pipe write", true, ""},
	OpClose:       {"close", true, ""},
	OpFileRead:    {"file read", true, ""},
	OpFileWrite:   {"file write", true, ""},
	OpFileOp:      {"file system", true, ""},
	OpSemacquire:  {"semacquire", false, ""},
	OpSemaAcquire: {"sync.runtime_Semacquire", true, ""},
	OpSemaRelease: {"sync.runtime_Semrelease", true, ""},
	OpSynctestRun: {"synctest.Run", false, ""},
	OpKill:        {"kill", true, ""},
	OpSignalRecv:  {"syscall", false, ""},
	OpSignalIdle:  {"signal.Stop", false, ""},
	OpTimerStop:   {"time.Timer.Stop", true, ""},
	OpTimerReset:  {"time.Timer.Reset", true, ""},

	OpMapAccess:      {"runtime.mapaccess1", false, "m[k]"},
	OpMapAssign:      {"runtime.mapassign", false, "m[k] = v"},
	OpMapDelete:      {"runtime.mapdelete", false, "delete"},
	OpMapClear:       {"runtime.mapclear", false, "clear"},
	OpMapIterStart:   {"runtime.mapIterStart", false, "range"},
	OpMapIterNext:    {"runtime.mapIterNext", false, "range"},
	OpMapLen:         {"len", false, "len"},
	OpSliceCopy:      {"runtime.slicecopy", false, "copy"},
	OpGrowSlice:      {"runtime.growslice", false, "append"},
	OpAppend:         {"append", false, "append"},
	OpSliceClear:     {"clear", false, "clear"},
	OpBytesToString:  {"runtime.slicebytetostring", false, "string"},
	OpRunesToString:  {"runtime.slicerunetostring", false, "string"},
	OpChanSendRead:   {"runtime.chansend", false, "send"},
	OpChanCloseWrite: {"runtime.closechan", false, "close"},
	OpModel:          {"call", false, "call"},
}

// idleOps are the operations that change nothing other goroutines can
// observe whatever their outcome (see Goroutine.Idle; TryLock,
// CompareAndSwap, receives and selects are idle only when they fail).
var idleOps = [numOps]bool{
	OpAtomicLoadInt32: true, OpAtomicLoadInt64: true, OpAtomicLoadUint32: true, OpAtomicLoadUint64: true,
	OpAtomicLoadUintptr: true, OpAtomicLoadPointer: true, OpAtomicValueLoad: true,
	OpSyncMapLoad: true, OpSyncMapRange: true,
	OpGosched: true,
}

// String returns the operation's name as Go's tracebacks write it, e.g.
// "chan receive" or "sync.Mutex.Lock".
func (op Op) String() string {
	if op < numOps {
		return ops[op].name
	}
	return fmt.Sprintf("Op(%d)", uint8(op))
}

// IsPoint reports whether goroutines stop before op at a scheduling point
// (else they only block in it, or it is the state of a goroutine).
func (op Op) IsPoint() bool { return op < numOps && ops[op].point }

// Source returns what the program wrote for an operation of memory
// events: the builtin or expression ("copy", "append", "m[k]", "range",
// "string", ...), "call" for a modeled function; "" for the others.
func (op Op) Source() string {
	if op < numOps {
		return ops[op].src
	}
	return ""
}

// EventKind classifies events.
type EventKind uint8

// Event kinds. The table above says which Go operation reports which.
const (
	EvGoStart        EventKind = iota + 1 // G was created by Other (Other is nil for the main goroutine)
	EvGoExit                              // G returned from its function or called runtime.Goexit
	EvBlock                               // G blocked; Op says in what; Addr is the channel, mutex, WaitGroup or Cond it waits for (zero: not one object, as a select, whose channels are in Waits, or a sleep)
	EvUnblock                             // G became runnable again
	EvRead                                // non-atomic read of the N cells from Addr
	EvWrite                               // non-atomic write of the N cells from Addr
	EvAlloc                               // the N cells from Addr are fresh locations of G (a non-escaping local's cells, zeroed for reuse)
	EvChanSend                            // send on channel Addr; Seq is the send's index (from 0)
	EvChanRecv                            // receive on channel Addr; Seq is the receive's index (from 0)
	EvChanClose                           // close of channel Addr
	EvChanRecvClosed                      // receive on closed, drained channel Addr
	EvLock                                // sync.Mutex.Lock or RWMutex.Lock acquired Addr
	EvUnlock                              // Unlock of Addr
	EvRLock                               // RWMutex.RLock acquired Addr
	EvRUnlock                             // RWMutex.RUnlock of Addr
	EvWGAdd                               // WaitGroup.Add with Seq = delta on Addr (Done is Add(-1))
	EvWGWait                              // WaitGroup.Wait on Addr returned
	EvCondWait                            // sync.Cond.Wait on Addr woke up
	EvCondSignal                          // sync.Cond.Signal or Broadcast on Addr
	EvAtomic                              // sync.Map method on the map Addr: acquires and releases the map (not a memory access)
	EvTimer                               // the virtual clock advanced to Seq nanoseconds (Pos: where the last timer due was set)
	EvAnnotation                          // a call of the annotation function Annotation on the N locations from Addr
	EvAtomicLoad                          // atomic read of the word Addr (a sync/atomic load, a CompareAndSwap that failed): acquires what stores to it released
	EvAtomicStore                         // atomic write of the word Addr (a sync/atomic store): releases, in place of what earlier stores released
	EvAtomicRMW                           // atomic read-modify-write of the word Addr (Add, And, Or, Swap, a CompareAndSwap that swapped): acquires, then releases
	EvCoroSwitch                          // G switched to the coroutine or caller Other (iter.Pull): what G did happens before what Other does next
	EvTimerSet                            // G set (created or reset) the runtime timer Addr: a release into it
	EvTimerFire                           // the timer Addr fired: G, its context, acquires what its setters released
	EvIOWrite                             // bytes (or a datagram) written to the kernel object Addr (a socket, pipe or file) reached it: a release of Addr
	EvIORead                              // a read from the kernel object Addr returned what was written to it: an acquire of Addr
	EvOutput                              // G wrote to the standard output (Seq 1) or error (Seq 2): an effect outside the program, not a memory access
	EvNew                                 // G allocated the N cells from Addr (a new variable, slice, map or channel; an aggregate's own array of fields or elements; Pos where, if known): not an access; a name for tools that follow objects from run to run (reported with RunOptions.ReportNew)
	EvLook                                // G looked at the state of synchronization objects without changing them (a select at its start, over its cases' channels in Waits, whichever case it then takes or none; len of the channel Addr; a TryLock of the mutex Addr that failed): not an access and not an edge, but what G does next depends on what it saw
	EvTimerDone                           // the function of the timer Addr returned: G, its context, is idle until the timer fires again (what it did is released into the timer, for its next firing)
	EvTimerStop                           // G stopped or reset the timer Addr, draining its channel in Waits if it holds a tick: a change of both (Stop's result depends on whether the timer fired and its tick was taken), not an access and not an edge (Go's race detector sees none)
)

// Addr identifies a memory location or synchronization object for the
// length of a run: a variable, a struct field, an array or slice element, a
// map's contents, a channel. The elements of a byte array (a []byte, []bool
// or []int8's backing array, see bytes.go) are cells of one byte each; their
// Addr says so (b), and their numbers (Uintptr) live apart from the other
// cells', spaced like them.
type Addr struct {
	p unsafe.Pointer
	b bool // a byte cell
}

// IsNil reports whether a is the zero Addr.
func (a Addr) IsNil() bool { return a.p == nil }

// Add returns the address of the cell i cells after a: in an event that
// covers N cells from Addr, they are Addr.Add(0), ..., Addr.Add(N-1)
// (consecutive elements of one array).
func (a Addr) Add(i int) Addr {
	if a.b {
		return Addr{unsafe.Add(a.p, i), true}
	}
	return Addr{unsafe.Add(a.p, i*int(unsafe.Sizeof(value{}))), false}
}

// byteSpace is where the numbers of byte cells start: above every host
// address, so that they never meet a number of another cell.
const byteSpace = uintptr(1) << 62

// Uintptr returns the address as a number, for ordering and arithmetic:
// a.Add(i).Uintptr() is a.Uintptr() plus i times the size of a cell.
// Distinct locations never share a number (cells do not overlap; maps and
// other objects are at least a cell large; a byte cell's number is its
// address times the size of a cell, above byteSpace). Unlike a, the number
// does not keep the memory alive.
func (a Addr) Uintptr() uintptr {
	if a.b {
		return byteSpace + uintptr(a.p)*unsafe.Sizeof(value{})
	}
	return uintptr(a.p)
}

// String formats the address as %p does.
func (a Addr) String() string { return fmt.Sprintf("%p", a.p) }

func addrOf(p *value) Addr { return Addr{unsafe.Pointer(p), false} }

// WeakAddr is a weak reference to a cell: unlike an Addr, it does not keep
// the cell's memory alive. The zero WeakAddr refers to nothing.
type WeakAddr struct {
	p weak.Pointer[byte] // a cell (byte cells have none)
}

// Weak returns a weak reference to the cell at a, or false if there can
// be none: a byte cell may be a string's byte in read-only memory, where
// the runtime makes no weak reference. It costs an allocation and a record
// in the runtime's heap: make one per object, not per access.
func (a Addr) Weak() (WeakAddr, bool) {
	if a.p == nil || a.b {
		return WeakAddr{}, false
	}
	return WeakAddr{weak.Make((*byte)(a.p))}, true
}

// Addr returns the cell w refers to, or false once the object that holds
// it is unreachable. While it returns true, the cell's memory belongs to
// that object (it cannot have been reused for another one); once false,
// it stays false.
func (w WeakAddr) Addr() (Addr, bool) {
	p := w.p.Value()
	if p == nil {
		return Addr{}, false
	}
	return Addr{unsafe.Pointer(p), false}, true
}

// addrOfByte is the Addr of the byte cell p.
func addrOfByte(p *byte) Addr { return Addr{unsafe.Pointer(p), true} }

// An Observer receives the events of a run as they happen. Events are
// reported synchronously from the interpreter; the *Event is only valid
// during the call. During the call, Event.G.Stack() is the goroutine's
// stack at the event.
type Observer interface {
	Event(ev *Event)
}

// Event is one observable event of a run.
type Event struct {
	Kind EventKind
	// Op is the operation: for EvBlock the blocking one; for EvRead and
	// EvWrite the one that made the access (OpNone for a load or store of
	// the program's code); for the atomic events the sync/atomic
	// operation.
	Op    Op
	G     *Goroutine // the goroutine it happened in (nil for EvTimer)
	Other *Goroutine // EvGoStart: the creator; EvCoroSwitch: the goroutine switched to
	// Addr is the memory cell (EvRead, EvWrite, EvAlloc, EvAtomicLoad, ...), the
	// synchronization object (channel, mutex, WaitGroup, ...) or the
	// first location of an annotation.
	Addr Addr
	// N is the number of consecutive cells from Addr that a memory event
	// or an annotation covers (Addr.Add(i) for i < N); 0 for the others.
	N int
	// Seq is the index (from 0) of a channel's send or receive, the delta
	// of EvWGAdd, the new time of EvTimer, the index of an annotation's
	// first element.
	Seq int64
	Cap int64     // channel events: the channel's capacity (0: unbuffered)
	Pos token.Pos // where (resolve with Program.Position)
	// Annotation is the declaration of the annotation function called
	// (EvAnnotation).
	Annotation *Annotation
	// Type is the type of the value at each location of an annotation
	// (EvAnnotation).
	Type types.Type
	// Func is the modeled function that made a memory access (EvRead and
	// EvWrite with Op OpModel), as Go's tracebacks name it:
	// "reflect.Value.SetInt", "strings.(*Builder).String".
	Func string
	// Waits holds, for the EvLook and the EvBlock of a select, the
	// channels of its cases (nil channels left out): an operation on any
	// of them changes which cases are ready, or wakes it.
	Waits []Addr
}

// point is the scheduling-point protocol: an operation that is a
// scheduling point begins with
//
//	if fr.point(op, pos) {
//		return nil
//	}
//
// The first time the goroutine reaches the operation, point stops it there
// (pending in op at pos) and the op returns nil, so that the scheduler
// picks the goroutine that runs next; when this goroutine is picked again
// the op runs again, point reports false, and the op performs the
// operation.
func (fr *frame) point(op Op, pos token.Pos) bool {
	return fr.pointOn(op, pos, nil)
}

// pointOn is point for an operation on the sync object obj (see
// Goroutine.WouldBlock).
func (fr *frame) pointOn(op Op, pos token.Pos, obj *value) bool {
	g := fr.g
	if g.resumed {
		g.resumed = false
		g.idle = idleOps[op]
		return false
	}
	g.top = fr
	g.pending, g.pendPos, g.pendAt, g.pendObj = op, fr.userPos(pos), pos, obj
	g.atPoint = true
	return true
}

// emit reports ev to the run's observer, if any: the one way events leave
// the interpreter. fr is the frame of the running goroutine the event
// belongs to (ev.G is set from it, and observers may look at its stack), or
// nil for an event of a goroutine that is not running (ev.G set by the
// caller) or of none. Producers of memory events test m.watchMem first, so
// that unobserved runs do not build them. The *Event handed to the observer
// is reused for the next event.
func (m *machine) emit(fr *frame, ev Event) {
	if m.obs == nil {
		return
	}
	if fr != nil {
		fr.g.top = fr
		ev.G = fr.g
	}
	m.ev, m.evPlain = ev, false
	m.obs.Event(&m.ev)
}

// emitAccess is emit for a plain access of kind k (EvRead, EvWrite) of the
// program's code to the one cell a, the most frequent event: it fills in
// the fields of the reused event that such an event sets, instead of
// copying a whole Event (about 150 bytes, a dozen of them pointers, each
// copy a write barrier while the collector marks) per access. The event
// is cleared once after any other event (m.evPlain).
func (m *machine) emitAccess(fr *frame, k EventKind, a Addr, pos token.Pos) {
	if m.obs == nil {
		return
	}
	ev := &m.ev
	if !m.evPlain {
		*ev = Event{}
		m.evPlain = true
	}
	g := fr.g
	g.top = fr
	ev.Kind, ev.G, ev.Addr, ev.N, ev.Pos = k, g, a, 1, pos
	m.obs.Event(ev)
}
