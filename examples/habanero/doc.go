// Package habanero holds, in its subpackages, Go versions of the Habanero
// benchmark programs measured by Mercer, Anderson, Vrvilo and Sarkar
// ("Model Checking Task Parallel Programs using Gradual Permission"), written
// with github.com/vtcheck/vt/habanero and annotated with vt's permission
// regions where the originals are:
//
//   - arraysum: reciprocal array sum over disjoint halves (futures, asyncs)
//   - primecounter: counting primes with async and isolated (PrimeNumCounter
//     and its Forall / Forasync variants)
//   - pipeline: a pipeline of futures (PipelineWithFutures)
//   - binarytrees: binary trees built and checked with futures (BinaryTrees)
//   - matrix: matrix add and scalar multiply with forall (Add, ScalarMultiply)
//   - prodcons: a producer and a consumer synchronized by a phaser
//   - racycounter: an async counter with a data race, and its isolated fix
//   - tablei: the other programs of the paper's Table I (PrimitiveArrayNoRace,
//     TwoDimArrays, ForAllWithIterable, IntegerCounterIsolated,
//     PrimeNumCounterForAll, VectorAdd, AsyncTest1-2, FinishTest1-3,
//     ClumpedAccess), checked under vt by their tests
//
// Their tests run natively (go test -race), except tablei's, which run
// vt.Check; each package documents the verdict vt is expected to give.
package habanero
