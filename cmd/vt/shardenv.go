package main

import (
	"fmt"
	"io"
	"os"

	"github.com/vtcheck/vt/internal/explore"
)

// exploreOptions parses the exploration options of vt check and vt test
// (settings: the flags over the VT_NAME environment), taking the shard
// from the CI engine's variables when neither sets it
// (explore.ShardSetting; Bazel's status file is touched). In text output
// (note not nil) it says on note where a CI shard came from.
func exploreOptions(settings map[string]string, note io.Writer) (explore.Options, error) {
	ci, err := explore.ShardSetting(settings, os.LookupEnv, false)
	if err != nil {
		return explore.Options{}, err
	}
	o, err := explore.ParseOptions(settings)
	if err != nil {
		return o, err
	}
	if ci != nil && note != nil {
		fmt.Fprintf(note, "vt: %s\n", ci.Note())
	}
	return o, nil
}
