package trace

// Job is one trace record. Numeric fields follow the SWF column order; -1
// means "not recorded" in both formats and is kept as -1, never replaced by a
// guess, so callers decide how to treat missing data (see CPUs, Estimate).
// Times are in seconds; memory in KB per processor.
type Job struct {
	ID        int     // SWF 1, GWF 1 JobID
	Submit    float64 // SWF 2, GWF 2: seconds from the trace's start (SWF) or absolute Unix time (GWA files)
	Wait      float64 // SWF 3, GWF 3
	Run       float64 // SWF 4, GWF 4: wall-clock run time
	Procs     int     // SWF 5, GWF 5: allocated processors
	AvgCPU    float64 // SWF 6, GWF 6: average CPU time used per processor
	Mem       float64 // SWF 7, GWF 7: used memory, KB per processor
	ReqProcs  int     // SWF 8, GWF 8
	ReqTime   float64 // SWF 9, GWF 9: requested (user-estimated) run time
	ReqMem    float64 // SWF 10, GWF 10: KB per processor
	Status    int     // SWF 11, GWF 11: 1 completed, 0 failed, 5 cancelled, -1 unknown
	User      int     // SWF 12; GWF 12 interned, see below
	Group     int     // SWF 13; GWF 13 interned
	Exe       int     // SWF 14; GWF 14 interned
	Queue     int     // SWF 15; GWF 15 interned
	Partition int     // SWF 16; GWF 16 interned
	Preceding int     // SWF 17; -1 for GWF (the format has no such column)
	Think     float64 // SWF 18; -1 for GWF

	// GWF only (empty for SWF). The GWF text ids are kept verbatim here; the
	// numeric fields above hold them interned: each distinct text gets a
	// dense number 1, 2, ... in order of first appearance within its column
	// (per reader, so "user_12" may become 3), and the missing marker "-1"
	// gives "" and -1. So a simulator can always key users by the int User,
	// whatever the format.
	UserName      string // GWF 12 UserID, e.g. "user_12"
	GroupName     string // GWF 13 GroupID
	ExeName       string // GWF 14 ExecutableID
	QueueName     string // GWF 15 QueueID
	PartitionName string // GWF 16 PartitionID
	OrigSite      string // GWF 17 OrigSiteID: where the job was submitted
	Site          string // GWF 18 LastRunSiteID: where it ran (e.g. "clrlcgce01")
	Structure     string // GWF 19 JobStructure: "UNITARY" or "BoT"
	StructParams  string // GWF 20 JobStructureParams (BoT batch id)
	VO            string // GWF 28 VOID
	Project       string // GWF 29 ProjectID

	Line int // 1-based line of the record in its file, for error messages downstream
}

// CPUs returns the processors the job uses: the allocated count (SWF field
// 5), or the requested count (field 8) when no allocation was recorded — the
// convention the SWF definition gives for logs that lack one of the two.
// It can still be < 1 when neither is recorded.
func (j *Job) CPUs() int {
	if j.Procs >= 1 {
		return j.Procs
	}
	return j.ReqProcs
}

// Kept are the fields of an SWF record that a simulation of the job does
// not read and a schedule of it written as SWF keeps (SWF 6, 7, 8, 10, 11
// and 13 to 18): what the job used, asked for, belonged to and waited on,
// which a new schedule leaves as they were. Numbers as Job holds them
// (-1: not recorded; a GWF trace's text ids interned).
type Kept struct {
	AvgCPU, Mem, ReqMem, Think                                float64
	ReqProcs, Status, Group, Exe, Queue, Partition, Preceding int
}

// Kept returns the job's fields a schedule keeps.
func (j *Job) Kept() Kept {
	return Kept{AvgCPU: j.AvgCPU, Mem: j.Mem, ReqMem: j.ReqMem, Think: j.Think,
		ReqProcs: j.ReqProcs, Status: j.Status, Group: j.Group, Exe: j.Exe,
		Queue: j.Queue, Partition: j.Partition, Preceding: j.Preceding}
}

// Estimate returns the run time a scheduler can know in advance: the
// requested time when the trace has one (> 0), else the actual run time
// (the "exact estimates" assumption).
func (j *Job) Estimate() float64 {
	if j.ReqTime > 0 {
		return j.ReqTime
	}
	return j.Run
}

// End returns Submit + Wait + Run, treating a missing (-1) wait as 0.
// It is meaningful only when Submit and Run are recorded.
func (j *Job) End() float64 {
	w := j.Wait
	if w < 0 {
		w = 0
	}
	return j.Submit + w + j.Run
}

// Format names a trace format.
type Format int

const (
	// Unknown is returned by Sniff when a file is neither SWF nor GWF.
	Unknown Format = iota
	SWF            // Standard Workload Format (Parallel Workloads Archive)
	GWF            // Grid Workload Format (Grid Workloads Archive)
)

func (f Format) String() string {
	switch f {
	case SWF:
		return "SWF"
	case GWF:
		return "GWF"
	}
	return "unknown"
}

// Reader is the streaming interface both formats implement, in the style of
// bufio.Scanner: call Next until it returns false, then check Err.
type Reader interface {
	// Next advances to the next job record, skipping comments and blank
	// lines. It returns false at the end of input or at the first error.
	Next() bool
	// Job returns the record Next advanced to.
	Job() Job
	// Err returns the first error met, nil at a clean end of input.
	// Parse errors are *ParseError and name the file and line.
	Err() error
	// Header returns the comment header read so far. Headers come first in
	// both formats, so after the first successful Next it is complete
	// (comment lines after the first job are ignored).
	Header() *Header
	// Format says which format is being read.
	Format() Format
	// Name is the file name used in error messages.
	Name() string
}
