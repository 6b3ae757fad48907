package adapt

import (
	"github.com/gridbench/gridbench/generators/jobstream"
	"github.com/gridbench/gridbench/internal/sim"
)

// Deadline returns a generated deadline instance as the space-shared
// simulator's platform and jobs (exact estimates).
func Deadline(inst jobstream.Instance) (sim.Platform, []sim.Job) {
	p := sim.Platform{RefSpeed: inst.Platform.RefSpeed, Machines: make([]sim.Machine, len(inst.Platform.Machines))}
	for i, m := range inst.Platform.Machines {
		p.Machines[i] = sim.Machine{CPUs: m.CPUs, Speed: m.Speed}
	}
	jobs := make([]sim.Job, len(inst.Jobs))
	for i, j := range inst.Jobs {
		jobs[i] = sim.Job{ID: j.ID, Submit: j.Submit, Run: j.Run, CPUs: j.CPUs, HasDeadline: j.HasDeadline, Deadline: j.Deadline}
	}
	return p, jobs
}

// DeadlineInstance is a generated deadline instance as the simulator takes
// it, with the generator's own instance beside it.
type DeadlineInstance struct {
	Platform sim.Platform
	Jobs     []sim.Job
	Gen      jobstream.Instance
}

// GenerateDeadline draws the instance of spec and seed (jobstream.Generate) and
// adapts it for the simulator.
func GenerateDeadline(spec jobstream.Spec, seed uint64) (DeadlineInstance, error) {
	g, err := jobstream.Generate(spec, seed)
	if err != nil {
		return DeadlineInstance{}, err
	}
	p, jobs := Deadline(g)
	return DeadlineInstance{Platform: p, Jobs: jobs, Gen: g}, nil
}
