package gridway

import (
	"fmt"
	"sort"

	"github.com/gridbench/gridbench/generators/trace"
)

// BGJob is one background job on the LCG testbed.
type BGJob struct {
	Submit float64 // seconds from the trace start
	Run    float64 // run time in the trace, seconds; its length is Run × MIPerTraceSecond MI
}

// ReadBackground reads the background load from an SWF/GWF trace: every
// job, at its submit time, one PE each (the LCG trace's jobs all use one
// processor; a multi-processor job is an error, since the model runs one
// PE per job). Jobs without a run time (-1) are an error naming the line.
// maxJobs <= 0 reads all.
func ReadBackground(path string, maxJobs int) ([]BGJob, error) {
	r, err := trace.Open(path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var bg []BGJob
	for r.Next() {
		j := r.Job()
		if j.Run < 0 {
			return nil, fmt.Errorf("%s:%d: job %d has no run time", path, j.Line, j.ID)
		}
		if j.Submit < 0 {
			return nil, fmt.Errorf("%s:%d: job %d has no submit time", path, j.Line, j.ID)
		}
		if c := j.CPUs(); c > 1 {
			return nil, fmt.Errorf("%s:%d: job %d uses %d processors; the federation model runs one PE per job", path, j.Line, j.ID, c)
		}
		bg = append(bg, BGJob{Submit: j.Submit, Run: j.Run})
		if maxJobs > 0 && len(bg) >= maxJobs {
			break
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	SortBackground(bg)
	return bg, nil
}

// SortBackground orders jobs by submit time, keeping trace order on ties.
func SortBackground(bg []BGJob) {
	sort.SliceStable(bg, func(i, j int) bool { return bg[i].Submit < bg[j].Submit })
}
