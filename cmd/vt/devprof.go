package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"time"
)

// startDevProfiles starts the profiles of vt itself that developers ask
// for through the environment: VT_CPUPROFILE=FILE writes a CPU profile of
// the whole command, VT_MEMPROFILE=FILE a heap profile when it ends (or
// after VT_MEMPROFILE_AFTER, a duration, if set). (The
// -profile flag of vt test profiles the exploration, not vt.) The returned
// function stops them and writes the files.
func startDevProfiles(stderr *os.File) func() {
	var stops []func()
	if path := os.Getenv("VT_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(stderr, "vt: VT_CPUPROFILE: %v\n", err)
		} else {
			stops = append(stops, func() {
				pprof.StopCPUProfile()
				if err := f.Close(); err != nil {
					fmt.Fprintf(stderr, "vt: VT_CPUPROFILE: %v\n", err)
				}
			})
		}
	}
	if path := os.Getenv("VT_MEMPROFILE"); path != "" {
		if after := os.Getenv("VT_MEMPROFILE_AFTER"); after != "" {
			d, err := time.ParseDuration(after)
			if err != nil {
				fmt.Fprintf(stderr, "vt: VT_MEMPROFILE_AFTER: %v\n", err)
			} else {
				time.AfterFunc(d, func() {
					if err := writeHeapProfile(path); err != nil {
						fmt.Fprintf(stderr, "vt: VT_MEMPROFILE: %v\n", err)
					}
				})
			}
			return func() {
				for _, stop := range stops {
					stop()
				}
			}
		}
		stops = append(stops, func() {
			if err := writeHeapProfile(path); err != nil {
				fmt.Fprintf(stderr, "vt: VT_MEMPROFILE: %v\n", err)
			}
		})
	}
	return func() {
		for _, stop := range stops {
			stop()
		}
	}
}

// writeHeapProfile writes a heap profile to path.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("creating heap profile: %w", err)
	}
	runtime.GC()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		f.Close()
		return fmt.Errorf("writing heap profile: %w", err)
	}
	return f.Close()
}
