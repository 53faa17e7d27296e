// Package rewrite holds source-to-source transformations of Go code: it will
// insert permission-region annotations where vt reported unannotated
// sharing, and instrument code for native-speed runs. It is empty for now.
package rewrite
