package trace

import (
	"fmt"
	"io"
)

// GWFColumns names the 29 columns of the Grid Workload Format as the Grid
// Workloads Archive writes them (AuverGrid GWA-T-4 layout).
var GWFColumns = [29]string{
	"JobID", "SubmitTime", "WaitTime", "RunTime", "NProcs",
	"AverageCPUTimeUsed", "UsedMemory", "ReqNProcs", "ReqTime", "ReqMemory",
	"Status", "UserID", "GroupID", "ExecutableID", "QueueID",
	"PartitionID", "OrigSiteID", "LastRunSiteID", "JobStructure", "JobStructureParams",
	"UsedNetwork", "UsedLocalDiskSpace", "UsedResources", "ReqPlatform", "ReqNetwork",
	"ReqLocalDiskSpace", "ReqResources", "VOID", "ProjectID",
}

// GWFReader streams jobs from a Grid Workload Format trace.
//
// Columns 1-11 must be numbers (-1 when missing). Text ids in columns 12-16
// are interned into Job.User, Group, Exe, Queue and Partition as documented
// on Job; columns 21-27 (network, disk, resources, platform) are not kept.
type GWFReader struct {
	lines
	job    Job
	intern [5]map[string]int // per text-id column 12..16
	strs   map[string]string // one copy of each distinct text
}

// NewGWFReader returns a reader of uncompressed GWF text from r; name is used
// in error messages. Use Open for files and .gz.
func NewGWFReader(r io.Reader, name string) *GWFReader {
	g := &GWFReader{lines: newLines(r, name), strs: map[string]string{}}
	for i := range g.intern {
		g.intern[i] = map[string]int{}
	}
	return g
}

// Next parses the next job line. It stops at the first malformed line.
func (r *GWFReader) Next() bool {
	if !r.next() {
		return false
	}
	r.split()
	if n := len(r.fields); n != len(GWFColumns) {
		r.fail(0, "", fmt.Sprintf("%d fields, want 29: a GWF job line has 29 tab- or space-separated columns (JobID SubmitTime WaitTime RunTime NProcs ... VOID ProjectID), -1 for a missing value; comment lines start with '#'", n))
		return false
	}
	j := &r.job
	*j = Job{Line: r.line, Preceding: -1, Think: -1}
	if !r.common(j, GWFColumns[:]) {
		return false
	}
	j.UserName, j.User = r.id(12, 0)
	j.GroupName, j.Group = r.id(13, 1)
	j.ExeName, j.Exe = r.id(14, 2)
	j.QueueName, j.Queue = r.id(15, 3)
	j.PartitionName, j.Partition = r.id(16, 4)
	j.OrigSite = r.str(17)
	j.Site = r.str(18)
	j.Structure = r.str(19)
	j.StructParams = r.str(20)
	j.VO = r.str(28)
	j.Project = r.str(29)
	return true
}

// str returns field i as text, "" for the missing marker "-1". Distinct
// texts are stored once, so 400,000 jobs of 200 users hold 200 strings.
func (r *GWFReader) str(i int) string {
	b := r.fields[i-1]
	if len(b) == 2 && b[0] == '-' && b[1] == '1' {
		return ""
	}
	if s, ok := r.strs[string(b)]; ok {
		return s
	}
	s := string(b)
	r.strs[s] = s
	return s
}

// id returns field i as text and as a number (see Job for the rule).
func (r *GWFReader) id(i, col int) (string, int) {
	s := r.str(i)
	if s == "" {
		return "", -1
	}
	if n, ok := r.intern[col][s]; ok {
		return s, n
	}
	n := len(r.intern[col]) + 1
	r.intern[col][s] = n
	return s, n
}

// Job returns the record Next advanced to.
func (r *GWFReader) Job() Job { return r.job }

// Err returns the first error, nil at a clean end of input.
func (r *GWFReader) Err() error { return r.err }

// Header returns the '#' comment header.
func (r *GWFReader) Header() *Header { return r.hdr }

// Format returns GWF.
func (r *GWFReader) Format() Format { return GWF }

// Name returns the name used in error messages.
func (r *GWFReader) Name() string { return r.name }
