package filestudy

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/internal/atomicfile"
	"github.com/gridbench/gridbench/internal/jobsout"
	"github.com/gridbench/gridbench/internal/sim"
)

// checkJobsOut checks jobs_out for a study of family fam: only
// space-shared runs have a schedule of jobs to write, and the key must
// not look applied to a study whose runs write none.
func (s *Study) checkJobsOut(fam *family) error {
	if s.JobsOut == "" {
		return nil
	}
	if _, err := jobsout.ParseFormat(s.JobsOut); err != nil {
		return keyErr("jobs_out", "%w", err)
	}
	if fam != spaceShared {
		return keyErr("jobs_out", "%s workloads write no jobs file (trace, deadline and lublin workloads do)", fam.name)
	}
	return nil
}

// setJobsDir places the jobs files of a study run whose results go below
// out: results/<name>/jobs/.
func (s *Study) setJobsDir(out string) {
	s.writeJobsBelow(filepath.Join(out, "results", s.Name()), "")
}

// RecomputeInto makes the study's runs write their jobs files below dir
// (dir/jobs/) rather than where its results are: verify re-computes runs
// into a folder of its own and compares their files with those on disk
// (bench.Plan.RunFilesDir).
func (s *Study) RecomputeInto(dir string) {
	s.writeJobsBelow(dir, dir)
}

// writeJobsBelow sets where the runs write their jobs files (base/jobs/,
// when the study writes them) and the folder verify's re-computed runs
// write below (recompute; "" for a run of the study).
func (s *Study) writeJobsBelow(base, recompute string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.jobsDir, s.recomputeDir = "", ""
	if s.JobsOut != "" {
		s.jobsDir, s.recomputeDir = filepath.Join(base, JobsDir), recompute
	}
}

// JobsDir is the folder below results/<name>/ that holds a study's jobs
// files: the runs write them, so verify checks their digests and does not
// re-render them.
const JobsDir = "jobs"

// runFiles are the files a run writes besides its records, relative to
// the study's results folder: its jobs file, when the study writes them
// (bench.Plan.RunFiles).
func (s *Study) runFiles(run bench.Run) []string {
	if s.JobsOut == "" { // (the file's key: set by Load, never changed)
		return nil
	}
	return []string{filepath.Join(JobsDir, JobsFile(run))}
}

// JobsFile is the name of a run's jobs file below results/<name>/jobs/:
// workload, algorithm and repetition, with every character other than a
// letter, a digit, '.', '-' or '+' made '_', and, when that changed the
// name, 8 hex digits of the run's identity so two runs never share a
// file.
func JobsFile(run bench.Run) string {
	raw := fmt.Sprintf("%s__%s__rep%d", run.Workload, run.Algorithm, run.Rep)
	safe := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '+':
			return r
		}
		return '_'
	}, fmt.Sprintf("%s__%s", run.Workload, run.Algorithm))
	name := fmt.Sprintf("%s__rep%d", safe, run.Rep)
	if name != raw {
		sum := sha256.Sum256([]byte(raw))
		name += fmt.Sprintf("-%x", sum[:4])
	}
	return name + ".csv"
}

// writeJobs writes a finished run's jobs file when the study asks for one.
// A reused run is not executed and keeps the file it wrote (a run whose
// file is gone is not reused: runFiles); --fresh writes every one again.
func (s *Study) writeJobs(run bench.Run, p sim.Platform, jobs []sim.Job, recs []sim.Record) error {
	s.mu.Lock()
	dir, format := s.jobsDir, jobsout.Format(s.JobsOut)
	s.mu.Unlock()
	if dir == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	sch := &jobsout.Schedule{Platform: p, Jobs: jobs, Records: recs, Workload: run.Workload}
	path := filepath.Join(dir, JobsFile(run))
	if err := atomicfile.Write(path, func(w io.Writer) error { return jobsout.Write(w, format, sch) }); err != nil {
		return fmt.Errorf("key jobs_out: %w", err)
	}
	return nil
}
