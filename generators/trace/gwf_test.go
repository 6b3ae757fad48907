package trace

import (
	"strings"
	"testing"
)

func TestGWFFixture(t *testing.T) {
	r, err := Open("testdata/auvergrid.gwf")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	jobs := readAllString(t, r)
	if len(jobs) != 30 {
		t.Fatalf("%d jobs, want 30", len(jobs))
	}
	j := jobs[2]
	want := Job{ID: 3, Submit: 1136101482, Wait: 168, Run: 19281, Procs: 1, AvgCPU: -1, Mem: 724330, ReqProcs: 1,
		ReqTime: 172800, ReqMem: -1, Status: 0, User: 2, Group: 1, Exe: -1, Queue: -1, Partition: -1, Preceding: -1, Think: -1,
		UserName: "user_12", GroupName: "group_1", OrigSite: "clrlcgce03", Site: "clrlcgce03", Structure: "UNITARY",
		VO: "auvergrid", Line: 18}
	if j != want {
		t.Errorf("job 3:\n got %+v\nwant %+v", j, want)
	}
	if jobs[0].User != 1 || jobs[0].UserName != "user_3" || jobs[0].AvgCPU != 13382.96 {
		t.Errorf("job 1: %+v", jobs[0])
	}
	// Interning: one number per distinct text, the same text always the same number.
	byName := map[string]int{}
	for _, j := range jobs {
		if n, ok := byName[j.UserName]; ok && n != j.User {
			t.Fatalf("%s is both %d and %d", j.UserName, n, j.User)
		}
		byName[j.UserName] = j.User
	}
	nums := map[int]bool{}
	for _, n := range byName {
		nums[n] = true
	}
	if len(nums) != len(byName) || len(byName) < 4 {
		t.Errorf("users %v", byName)
	}
	h := r.Header()
	if h.MaxJobs != 30 || h.MaxProcs != 475 || h.TimeZoneString != "Europe/Paris" || h.UnixStartTime != -1 ||
		!strings.HasSuffix(h.Get("Information"), "\ndata set GWA-T-4, file anon_jobs.gwf inside anon_jobs_gwf.zip") {
		t.Errorf("header %+v", h)
	}
	if !strings.HasPrefix(h.Lines[len(h.Lines)-1], " JobID\tSubmitTime") || h.Has("JobID") {
		t.Errorf("column legend line mis-parsed: %q", h.Lines[len(h.Lines)-1])
	}
}

func TestGWFErrors(t *testing.T) {
	for file, want := range map[string]string{
		"testdata/gwf_28cols.gwf":    "gwf_28cols.gwf:20: 28 fields, want 29",
		"testdata/gwf_badrun.gwf":    `gwf_badrun.gwf:18: field 4 (RunTime) "12m" is not a number (write -1 for a missing value)`,
		"testdata/gwf_badmiddle.gwf": "gwf_badmiddle.gwf:31: 5 fields, want 29",
	} {
		r, err := Open(file)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for r.Next() {
			n++
		}
		r.Close()
		if err := r.Err(); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: error %v, want prefix %q", file, err, want)
		}
		var before int
		switch file {
		case "testdata/gwf_28cols.gwf":
			before = 4
		case "testdata/gwf_badrun.gwf":
			before = 2
		default:
			before = 15
		}
		if n != before {
			t.Errorf("%s: %d good jobs before the error, want %d", file, n, before)
		}
	}
}

func FuzzGWF(f *testing.F) {
	f.Add("# Version: 1\n1\t1136099771\t310\t26256\t1\t13382.96\t596089\t1\t-1\t-1\t1\tuser_3\tgroup_1\t-1\t-1\t-1\tclrlcgce01\tclrlcgce01\tUNITARY\t-1\t-1\t-1\t-1\t-1\t-1\t-1\t-1\tauvergrid\t-1\n")
	f.Add("1 2 3\n")
	f.Add("#\n#   continued\n# K: v\n  \n")
	f.Fuzz(func(t *testing.T, s string) {
		r := NewGWFReader(strings.NewReader(s), "fuzz.gwf")
		for r.Next() {
			j := r.Job()
			if (j.UserName == "") != (j.User == -1) {
				t.Fatalf("user %q interned as %d", j.UserName, j.User)
			}
		}
		if err := r.Err(); err != nil && !strings.HasPrefix(err.Error(), "fuzz.gwf:") {
			t.Fatalf("error without file name: %v", err)
		}
	})
}
