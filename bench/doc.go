// Package bench is gridbench's runner and the home of its Go benchmarks.
//
// An experiment hands the runner a Plan — every (workload, algorithm,
// repetition) it wants measured — and an Executor that performs one run. The
// runner derives each run's seeds from its identity (never from the order
// runs happen to execute in), executes the runs on a worker pool, journals
// each finished run so an interrupted invocation loses nothing, reuses runs
// already on disk while their key is unchanged (the configuration hash, the
// build, and the SHA-256 of every input file the run reads: reuse.go,
// inputs.go), and finally writes runs.csv, timings.csv, series.csv (when runs record series) and manifest.json
// atomically and in plan order, so the output is byte-identical for any
// number of workers.
//
// A plan also splits into shards (Shard, Execute with Options.Shard) that
// run on different machines, and Merge gathers them into the same files one
// Execute writes. AcquireLock keeps a second process out of an output folder.
//
// The *_test.go files of this folder are `go test -bench` benchmarks with
// key=value sub-benchmark names, for benchstat.
package bench
