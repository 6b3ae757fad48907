package adapt

import (
	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/timeshare"
)

// TimeshareJob returns trace job j as the time-sharing simulator's job. A
// job the simulator must leave out (no recorded submit time, by the package
// rule, or no recorded run time) gets Run < 0, which timeshare skips; it
// stays in the list so the caller can count it.
func TimeshareJob(j *trace.Job) timeshare.Job {
	run := j.Run
	if !HasSubmit(j) {
		run = -1
	}
	return timeshare.Job{ID: int64(j.ID), Submit: j.Submit, Run: run, User: j.User}
}
