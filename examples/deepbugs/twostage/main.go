// Command twostage runs deepbugs.TwoStage with ten writers and one checker,
// for vt check: the checker panics only in the schedules where every writer
// is preempted between the two stages of its update.
package main

import "github.com/vtcheck/vt/examples/deepbugs"

func main() { deepbugs.TwoStage(10, 1) }
