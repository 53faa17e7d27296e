// Package osmodel models the operating system's side of the standard
// library over the virtual OS (package vos): the system calls of syscall,
// internal/syscall/unix and golang.org/x/sys/unix, the runtime's network
// poller and descriptor locks (internal/poll), signals (os/signal), name
// resolution (net) and the few functions of os and os/exec that do not
// run from source.
//
// Each model translates between the program's values, read and made
// through the models' API (package model), and the kernel's API
// (Machine.OS). The calls on sockets, pipes and files are scheduling
// points (Scheduling.Point); a call that would block in the kernel hands
// it the goroutine's Waker (the kernel's vos.Waiter) and blocks
// (Next.Block) until the kernel wakes it, then runs again. A read from a
// kernel object acquires from it and a write releases into it
// (Scheduling.Acquire, Release): the happens-before edges Go's race
// detector sees through the system calls. What the virtual OS does not
// offer (other processes, non-loopback addresses, DNS) is refused at the
// program's call site (Scheduling.Refuse).
package osmodel

import "github.com/vtcheck/vt/interp/model"

// Packages are the tables of models of the operating system's packages.
var Packages = []model.Package{
	{Path: "syscall", Funcs: syscallFuncs},
	{Path: "internal/syscall/unix", Funcs: unixFuncs},
	{Path: XSysUnix, Funcs: xsysFuncs},
	{Path: "internal/poll", Funcs: pollFuncs},
	{Path: "net", Funcs: netFuncs},
	{Path: "os", Funcs: osFuncs},
	{Path: "os/exec", Funcs: execFuncs},
	{Path: "os/signal", Funcs: signalFuncs},
}

// XSysUnix is the import path of x/sys's unix package.
const XSysUnix = "golang.org/x/sys/unix"
