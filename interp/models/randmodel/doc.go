// Package randmodel models the random generators: randomness the program
// cannot control (math/rand's and math/rand/v2's top-level functions,
// generators seeded from the clock or from crypto/rand, crypto/rand
// itself) is the program's input, drawn from the scheduler.
//
// A draw is a choice of the scheduler (model.Machine.Draw), which a tool
// may enumerate (a bounded draw: Intn, Int31n, Int63n, IntN, N, and so
// Perm and Shuffle, is one draw) or sample, and records in the schedule.
// A generator seeded with a constant stays what it is in Go: a
// deterministic sequence, run from source. Which generators are seeded
// from outside, and the words crypto/rand produced (to recognize a seed
// made of them), are the run's State.
package randmodel
