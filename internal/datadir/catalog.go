package datadir

import (
	"io/fs"
	"path/filepath"
)

// DataSet is one data set gridbench knows, located by a path below a data
// root (see Find).
type DataSet struct {
	ID    string // short name commands use, e.g. "lcg-2005-1"
	Rel   string // slash-separated path below the data root: a file or a folder
	What  string // one line: what it is and what uses it
	Where string // where a user obtains it when it is missing
}

const (
	pwaURL   = "https://www.cs.huji.ac.il/labs/parallel/workload/"
	hcspRepo = "https://github.com/chgogos/hcsp"
)

// Catalog lists every data set gridbench knows, in a fixed order. Rel
// paths are the layout of the shared data folder; a user who downloads a
// set puts it at the same path below their own root (--data or
// GRIDBENCH_DATA).
func Catalog() []DataSet {
	return []DataSet{
		{"braun-512x16", "braun-hcsp-512x16",
			"Braun et al. 2001 ETC instances u_{c,i,s}_{hihi,hilo,lohi,lolo}.0, 512 tasks x 16 machines, with best-known .sol schedules (experiment immediate)",
			"the HCSP instances: " + hcspRepo + " folder 512x16 (files u_?_????.0 and *.sol; see PROVENANCE.md), originally http://www.fing.edu.uy/inco/grupos/cecal/hpc/HCSP/index.htm"},
		{"hcsp-1024x32", "hcsp-1024x32",
			"CECAL HCSP instances 1024 tasks x 32 machines, sets A and B, 12 types each, with CPR .sol schedules",
			hcspRepo + " folder 1024x32"},
		{"hcsp-2048x64", "hcsp-2048x64",
			"CECAL HCSP instances 2048 tasks x 64 machines, sets A and B, 12 types each, with CPR .sol schedules",
			hcspRepo + " folder 2048x64"},
		{"lcg-2005-1", "LCG-2005-1/LCG.swf.gz",
			"LCG grid log, 20 Nov - 5 Dec 2005, 188,041 jobs, SWF (experiments roundrobin by default and federation)",
			"Parallel Workloads Archive " + pwaURL + " log LCG-2005-1 (save LCG-2005-1.swf.gz as LCG-2005-1/LCG.swf.gz)"},
		{"auvergrid", "auvergrid/anon_jobs.gwf",
			"AuverGrid 2006 (GWA-T-4), 404,176 jobs, GWF (experiment roundrobin as published; LCG replaces it when missing)",
			"Grid Workloads Archive http://gwa.ewi.tudelft.nl/ : data set GWA-T-4 AuverGrid, file anon_jobs.gwf inside anon_jobs_gwf.zip (unzip it into auvergrid/)"},
		{"nasa-ipsc", "pwa-swf/NASA-iPSC-1993-3.1-cln.swf.gz",
			"NASA Ames iPSC/860 1993, cleaned, 18,239 jobs, SWF",
			"Parallel Workloads Archive " + pwaURL + " log NASA-iPSC-1993-3.1-cln"},
		{"kth-sp2", "pwa-swf/KTH-SP2-1996-2.1-cln.swf.gz",
			"KTH IBM SP2 1996-97, cleaned, 28,476 jobs, 100 processors, SWF",
			"Parallel Workloads Archive " + pwaURL + " log KTH-SP2-1996-2.1-cln"},
		{"lanl-cm5", "pwa-swf/LANL-CM5-1994-4.1-cln.swf.gz",
			"LANL CM-5 1994-96, cleaned, 122,060 jobs, 1024 processors, SWF",
			"Parallel Workloads Archive " + pwaURL + " log LANL-CM5-1994-4.1-cln"},
		{"ricc-2010-2", "pwa-swf/RICC-2010-2.swf.gz",
			"RIKEN RICC cluster 2010, 447,794 jobs, SWF",
			"Parallel Workloads Archive " + pwaURL + " log RICC-2010-2"},
		{"lublin-256", "pwa-swf/lublin_256.swf",
			"synthetic Lublin-Feitelson model workload, 10,000 jobs, 256 nodes, SWF (not a real log)",
			"https://github.com/DIR-LAB/deep-batch-scheduler data/lublin_256.swf, or generate with the Lublin model from " + pwaURL + "models/"},
		{"hpc2n-excerpt", "alea-data-set/hpc2n.swf",
			"first 3,170 jobs of the HPC2N 2002-2006 log, SWF (Alea sample)",
			"https://github.com/aleasimulator/alea folder data-set; the full log is HPC2N-2002-2.2 at " + pwaURL},
	}
}

// Lookup returns the catalogue entry with the given ID.
func Lookup(id string) (DataSet, bool) {
	for _, d := range Catalog() {
		if d.ID == id {
			return d, true
		}
	}
	return DataSet{}, false
}

// Find locates d below the first candidate root that has it; the error
// says where it looked and where to obtain d.
func (d DataSet) Find(flagDir string) (string, error) {
	return Find(flagDir, d.Rel, "get it from "+d.Where)
}

// Located is a catalogue entry with the outcome of looking for it.
type Located struct {
	DataSet
	Path  string // absolute path when found, "" otherwise
	Size  int64  // bytes: the file, or all regular files below the folder
	Files int    // 1 for a file, the number of regular files in a folder
	Err   error  // non-nil when not found: says where it looked and where to get it
}

// Found reports whether the data set was found.
func (l Located) Found() bool { return l.Err == nil }

// Locate looks for every catalogue entry (see Find for the search order).
func Locate(flagDir string) []Located {
	cat := Catalog()
	out := make([]Located, len(cat))
	for i, d := range cat {
		out[i].DataSet = d
		p, err := d.Find(flagDir)
		if err != nil {
			out[i].Err = err
			continue
		}
		out[i].Path = p
		out[i].Err = filepath.WalkDir(p, func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.Type().IsRegular() {
				info, err := e.Info()
				if err != nil {
					return err
				}
				out[i].Size += info.Size()
				out[i].Files++
			}
			return nil
		})
	}
	return out
}
