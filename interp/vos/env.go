package vos

import (
	"slices"
	"strings"
	"syscall"
)

// The environment of the process: KEY=value strings, in the order set.

// Environ returns the environment; the caller must not change it.
func (v *Kernel) Environ() []string { return v.env }

// Getenv returns the value of k and whether it is set.
func (v *Kernel) Getenv(k string) (string, bool) {
	for _, kv := range v.env {
		if key, val, ok := strings.Cut(kv, "="); ok && key == k {
			return val, true
		}
	}
	return "", false
}

// Setenv sets k to val (EINVAL for an empty key, or one holding '=' or
// NUL, or a value holding NUL).
func (v *Kernel) Setenv(k, val string) syscall.Errno {
	if k == "" || strings.ContainsAny(k, "=\x00") || strings.IndexByte(val, 0) >= 0 {
		return syscall.EINVAL
	}
	v.Unsetenv(k)
	v.env = append(v.env, k+"="+val)
	return 0
}

// Unsetenv removes k.
func (v *Kernel) Unsetenv(k string) {
	v.env = slices.DeleteFunc(v.env, func(kv string) bool {
		key, _, _ := strings.Cut(kv, "=")
		return key == k
	})
}

// Clearenv removes every variable.
func (v *Kernel) Clearenv() { v.env = nil }
