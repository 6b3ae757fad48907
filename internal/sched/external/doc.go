// Package external runs a scheduler in another process: gridbench starts
// the command and speaks JSON Lines with it over its stdin and stdout
// (docs/scheduler-protocol.md), so a researcher writes the scheduler in any
// language. Scheduler implements sim.Scheduler; the simulator stays a pure
// state machine and the process lives here, one level up, for one run.
//
// A scheduler that answers nonsense (an unknown job, a job that does not
// fit, malformed JSON, no answer within the timeout, an exit) stops its run
// through sim.State.Fail with one line naming the decision time, what it
// sent and why the answer is invalid.
package external
