package adapt

import (
	"fmt"

	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/gridway"
)

// Background reads the federation model's background load from an SWF/GWF
// trace: every job, at its submit time, one PE each (the LCG trace's jobs
// all use one processor; a multi-processor job is an error, since the model
// runs one PE per job), sorted by submit time. The background has no count
// of skipped jobs, so a job without a run time or a submit time (-1) is an
// error naming the line rather than skipped. maxJobs <= 0 reads all.
func Background(path string, maxJobs int) ([]gridway.BGJob, error) {
	r, err := trace.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var bg []gridway.BGJob
	for r.Next() {
		j := r.Job()
		if j.Run < 0 {
			return nil, fmt.Errorf("%s:%d: job %d has no run time", path, j.Line, j.ID)
		}
		if !HasSubmit(&j) {
			return nil, fmt.Errorf("%s:%d: job %d has no submit time", path, j.Line, j.ID)
		}
		if c := j.CPUs(); c > 1 {
			return nil, fmt.Errorf("%s:%d: job %d uses %d processors; the federation model runs one PE per job", path, j.Line, j.ID, c)
		}
		bg = append(bg, gridway.BGJob{Submit: j.Submit, Run: j.Run})
		if maxJobs > 0 && len(bg) >= maxJobs {
			break
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	gridway.SortBackground(bg)
	return bg, nil
}
