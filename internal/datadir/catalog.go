package datadir

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"
	"strings"
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
	gwaURL   = "http://gwa.ewi.tudelft.nl/fileadmin/pds/trace-archives/grid-workloads-archive/datasets/gwa-t-4/anon_jobs_gwf.zip"
	// Raw files at the commits PROVENANCE.md names: the bytes pinned in
	// the manifest. The archives' own URLs come second.
	rawGitHub   = "https://raw.githubusercontent.com/"
	hcspRaw     = rawGitHub + "chgogos/hcsp/6bcdd85199b65fbeb591a4a795214ec026c4acc4/"
	cloudsimRaw = rawGitHub + "Cloudslab/cloudsim/476ceef2c0ffe02e0b637bbeed4d6805dbd1707a/modules/cloudsim/src/test/"
	corgiRaw    = rawGitHub + "SeriousCorgi/CloudSim-Plus-Deadline-Awareness/5f91ff9f58f650573bafaa966995ae1949209089/cloudsim-plus-examples/src/main/resources/workload/swf/"
	dirlabRaw   = rawGitHub + "DIR-LAB/deep-batch-scheduler/"
	aleaRaw     = rawGitHub + "aleasimulator/alea/952b600d57cf1cdb11b88ecfca897691ce860b47/Alea/data-set/"
	// The SC'15 artefact: the simulation outputs Gaussier, Glesser, Reis &
	// Trystram published with their paper (see sc15-artefact/PROVENANCE.md).
	sc15Repo = "https://github.com/dinesh121991/predictsim"
	sc15Raw  = rawGitHub + "dinesh121991/predictsim/2e5e2d1b8789e9a8feda88504cbdc7ae78e5f89b/experiments/data/"
)

// SC15Logs are the logs of the SC'15 artefact, as its folders name them;
// the catalogue id of each is "sc15-" and the name in lower case.
var SC15Logs = []string{"KTH-SP2", "CTC-SP2", "SDSC-SP2", "SDSC-BLUE"}

// SC15Dir is the folder below a data root that holds the artefact's
// schedules of log (one of SC15Logs).
func SC15Dir(log string) string { return "sc15-artefact/" + log }

// Download is one file `gridbench data fetch` writes below a data root.
type Download struct {
	Rel  string   // slash-separated destination below the data root
	URLs []string // tried in order; the first whose content verifies wins
	// Member, when set, names the file to take out of the zip archive the
	// URLs serve; the archive's checksum is then not pinned, and neither
	// is the member's unless the manifest lists Rel.
	Member string
}

// Downloads lists the files that make up d, with where to fetch each.
// Folder sets list every file the manifest pins below the folder.
func (d DataSet) Downloads() []Download {
	switch d.ID {
	case "braun-512x16":
		return hcspFolder(d.Rel, "512x16")
	case "hcsp-1024x32":
		return hcspFolder(d.Rel, "1024x32")
	case "hcsp-2048x64":
		return hcspFolder(d.Rel, "2048x64")
	case "lcg-2005-1":
		return []Download{{Rel: d.Rel, URLs: []string{cloudsimRaw + "LCG.swf.gz", pwaURL + "l_lcg/LCG-2005-1.swf.gz"}}}
	case "auvergrid":
		return []Download{{Rel: d.Rel, URLs: []string{gwaURL}, Member: "anon_jobs.gwf"}}
	case "nasa-ipsc", "kth-sp2", "lanl-cm5", "ricc-2010-2":
		name := path.Base(d.Rel)
		first := corgiRaw + name
		if d.ID == "ricc-2010-2" {
			first = dirlabRaw + "15c201a2cbf177bbc13ed80b9542fbe0a79b3952/gym-code/data/" + name
		}
		dir := map[string]string{"nasa-ipsc": "l_nasa_ipsc", "kth-sp2": "l_kth_sp2", "lanl-cm5": "l_lanl_cm5", "ricc-2010-2": "l_ricc"}[d.ID]
		return []Download{{Rel: d.Rel, URLs: []string{first, pwaURL + dir + "/" + name}}}
	case "ctc-sp2", "sdsc-sp2", "sdsc-blue":
		dir := map[string]string{"ctc-sp2": "l_ctc_sp2", "sdsc-sp2": "l_sdsc_sp2", "sdsc-blue": "l_sdsc_blue"}[d.ID]
		return []Download{{Rel: d.Rel, URLs: []string{pwaURL + dir + "/" + path.Base(d.Rel)}}}
	case "lublin-256":
		return []Download{{Rel: d.Rel, URLs: []string{dirlabRaw + "c649e852ab3cabbc5ac8e4f46b81b1dd66625831/data/lublin_256.swf"}}}
	case "hpc2n-excerpt":
		return []Download{{Rel: d.Rel, URLs: []string{aleaRaw + "hpc2n.swf"}}}
	}
	if log, ok := strings.CutPrefix(d.Rel, "sc15-artefact/"); ok {
		// Every schedule the manifest pins, from the artefact's own folder.
		var out []Download
		for _, p := range PinnedUnder(d.Rel) {
			out = append(out, Download{Rel: p, URLs: []string{sc15Raw + log + "/simulations/" + path.Base(p)}})
		}
		return out
	}
	return nil
}

// hcspFolder lists the pinned files of a chgogos/hcsp folder; the licence
// is that repository's LICENSE.
func hcspFolder(rel, upstream string) []Download {
	var out []Download
	for _, p := range PinnedUnder(rel) {
		name := path.Base(p)
		src := upstream + "/" + url.PathEscape(name)
		if strings.HasPrefix(name, "LICENSE") {
			src = "LICENSE"
		}
		out = append(out, Download{Rel: p, URLs: []string{hcspRaw + src}})
	}
	return out
}

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
			"Grid Workloads Archive http://gwa.ewi.tudelft.nl/ : data set GWA-T-4 AuverGrid, file anon_jobs.gwf inside anon_jobs_gwf.zip (unzip it into auvergrid/; no checksum is pinned for it)"},
		{"nasa-ipsc", "pwa-swf/NASA-iPSC-1993-3.1-cln.swf.gz",
			"NASA Ames iPSC/860 1993, cleaned, 18,239 jobs, SWF",
			"Parallel Workloads Archive " + pwaURL + " log NASA-iPSC-1993-3.1-cln"},
		{"kth-sp2", "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz",
			"KTH IBM SP2 1996-97, cleaned, 28,476 jobs, 100 processors, SWF (bundled; experiment backfilling)",
			"Parallel Workloads Archive " + pwaURL + " log KTH-SP2-1996-2.1-cln"},
		{"lanl-cm5", "pwa-swf/LANL-CM5-1994-4.1-cln.swf.gz",
			"LANL CM-5 1994-96, cleaned, 122,060 jobs, 1024 processors, SWF",
			"Parallel Workloads Archive " + pwaURL + " log LANL-CM5-1994-4.1-cln"},
		{"ricc-2010-2", "pwa-swf/RICC-2010-2.swf.gz",
			"RIKEN RICC cluster 2010, 447,794 jobs, SWF",
			"Parallel Workloads Archive " + pwaURL + " log RICC-2010-2"},
		{"ctc-sp2", "pwa-swf/CTC-SP2-1996-3.1-cln.swf.gz",
			"Cornell Theory Center IBM SP2 1996-97, cleaned, SWF (experiment backfilling; no checksum is pinned for it)",
			"Parallel Workloads Archive " + pwaURL + " log CTC-SP2-1996-3.1-cln"},
		{"sdsc-sp2", "pwa-swf/SDSC-SP2-1998-4.2-cln.swf.gz",
			"San Diego Supercomputer Center IBM SP2 1998-2000, cleaned, SWF (experiment backfilling; no checksum is pinned for it)",
			"Parallel Workloads Archive " + pwaURL + " log SDSC-SP2-1998-4.2-cln"},
		{"sdsc-blue", "pwa-swf/SDSC-BLUE-2000-4.2-cln.swf.gz",
			"San Diego Supercomputer Center Blue Horizon 2000-03, cleaned, SWF (experiment backfilling; no checksum is pinned for it)",
			"Parallel Workloads Archive " + pwaURL + " log SDSC-BLUE-2000-4.2-cln"},
		{"lublin-256", "pwa-swf/lublin_256.swf",
			"synthetic Lublin-Feitelson model workload, 10,000 jobs, 256 nodes, SWF (not a real log)",
			"https://github.com/DIR-LAB/deep-batch-scheduler data/lublin_256.swf, or generate with the Lublin model from " + pwaURL + "models/"},
		{"hpc2n-excerpt", "alea-data-set/hpc2n.swf",
			"first 3,170 jobs of the HPC2N 2002-2006 log, SWF (Alea sample)",
			"https://github.com/aleasimulator/alea folder data-set; the full log is HPC2N-2002-2.2 at " + pwaURL},
		sc15("KTH-SP2", "28,481 jobs, 100 processors (the EASY schedule is bundled)"),
		sc15("CTC-SP2", "77,199 jobs, 338 processors"),
		sc15("SDSC-SP2", "54,006 jobs, 128 processors"),
		sc15("SDSC-BLUE", "232,542 jobs, 1152 processors"),
	}
}

// sc15 is the catalogue entry of one log of the SC'15 artefact.
func sc15(log, size string) DataSet {
	return DataSet{"sc15-" + strings.ToLower(log), SC15Dir(log),
		"SC'15 artefact (Gaussier et al.), " + log + ": the authors' pyss schedules of 5 configurations (EASY requested and clairvoyant, EASY++ clairvoyant, Tsafrir, learned predictor), SWF, " + size + "; input and reference schedules of experiment backfilling",
		sc15Repo + " at commit 2e5e2d1b8789e9a8feda88504cbdc7ae78e5f89b, folder experiments/data/" + log + "/simulations/ (the files SHA256SUMS pins below " + SC15Dir(log) + "/)"}
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

// Owner returns the catalogue entry whose file or folder holds rel.
func Owner(rel string) (DataSet, bool) {
	for _, d := range Catalog() {
		if rel == d.Rel || strings.HasPrefix(rel, d.Rel+"/") {
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
	Path     string // absolute path when found, "" otherwise
	Size     int64  // bytes: the file, or all regular files below the folder
	Files    int    // 1 for a file, the number of regular files in a folder
	Verified int    // files whose checksum matched the manifest
	Pinned   bool   // the manifest pins at least one file of the set
	Err      error  // not found (wraps ErrMissing: says where it looked and where to get it), or damaged (wraps ErrCorrupt)
}

// Found reports whether the data set was found, intact or not.
func (l Located) Found() bool { return l.Path != "" }

// Locate looks for every catalogue entry (see Find for the search order)
// and checks what it finds against the manifest.
func Locate(flagDir string) []Located {
	cat := Catalog()
	out := make([]Located, len(cat))
	for i, d := range cat {
		l := &out[i]
		l.DataSet = d
		l.Pinned = len(scope(d.Rel)) > 0
		p, root, looked := locate(flagDir, d.Rel)
		if p == "" {
			l.Err = missing(d.Rel, "get it from "+d.Where, looked)
			continue
		}
		l.Path = p
		l.Verified, l.Err = VerifyAt(root, d.Rel)
		werr := filepath.WalkDir(p, func(path string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.Type().IsRegular() {
				info, err := e.Info()
				if err != nil {
					return err
				}
				l.Size += info.Size()
				l.Files++
			}
			return nil
		})
		l.Err = errors.Join(l.Err, werr, incomplete(flagDir, d))
	}
	return out
}

// incomplete says which pinned files of folder set d no data root has
// (each file is looked up on its own, as its readers do): a set bundled in
// part (the SC'15 artefact's KTH-SP2 folder ships one of its five
// schedules) is found but not whole, and `gridbench data fetch` completes
// it.
func incomplete(flagDir string, d DataSet) error {
	if !strings.HasPrefix(d.Rel, "sc15-artefact/") {
		return nil // the only sets shipped in part; others are checked when used
	}
	var absent []string
	pinned := PinnedUnder(d.Rel)
	for _, p := range pinned {
		if found, _, _ := locate(flagDir, p); found == "" {
			absent = append(absent, path.Base(p))
		}
	}
	if len(absent) == 0 {
		return nil
	}
	return &MissingError{Rel: d.Rel, ID: d.ID, msg: fmt.Sprintf("%v: %d of %d files of %s are in no data root (first: %s); run `gridbench data fetch %s`",
		ErrMissing, len(absent), len(pinned), d.ID, absent[0], d.ID)}
}
