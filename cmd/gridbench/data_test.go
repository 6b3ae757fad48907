package main

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gridbench/gridbench/internal/datadir"
)

// repoData is the repository's data/ folder, found before a test changes
// directory.
var repoData, _ = filepath.Abs(filepath.Join("..", "..", "data"))

// copyRepoDataFrom copies files of the repository's data/ below root.
func copyRepoDataFrom(t *testing.T, root string, rels ...string) {
	t.Helper()
	for _, rel := range rels {
		b, err := os.ReadFile(filepath.Join(repoData, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDataCommand(t *testing.T) {
	root := t.TempDir()
	copyRepoDataFrom(t, root, "LCG-2005-1/LCG.swf.gz", "braun-hcsp-512x16/u_c_hihi.0", "braun-hcsp-512x16/u_i_hihi.0")
	t.Setenv(datadir.EnvVar, "")
	t.Chdir(t.TempDir())           // no ./data, no ../shared/data: only --data counts
	datadir.HideEmbeddedForTest(t) // nor the binary's own copy
	lcg := filepath.Join(root, "LCG-2005-1", "LCG.swf.gz")
	braun := filepath.Join(root, "braun-hcsp-512x16")

	code, stdout, stderr := runTrace(t, "data", "--data", root)
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"1. " + root + " ",
		"(--data flag, present)",
		"lcg-2005-1     found    " + lcg + " (2.3 MiB; 1 sha256 verified)",
		"braun-512x16   found    " + braun + " (226.2 KiB in 2 files; 2 sha256 verified)",
		"auvergrid      MISSING  auvergrid/anon_jobs.gwf",
		"`gridbench data fetch --data " + root + " --allow-unpinned auvergrid`", // (fetch refuses it without)
		"`gridbench data fetch --data " + root + " --allow-unpinned ctc-sp2`",
		"`gridbench data fetch --data " + root + " ricc-2010-2`", // (pinned)
		"http://gwa.ewi.tudelft.nl/ : data set GWA-T-4 AuverGrid, file anon_jobs.gwf inside anon_jobs_gwf.zip",
		"ricc-2010-2    MISSING  pwa-swf/RICC-2010-2.swf.gz",
		"https://www.cs.huji.ac.il/labs/parallel/workload/",
		"https://github.com/chgogos/hcsp",
		fmt.Sprintf("2 of %d data sets found; `gridbench data fetch --data "+root+" NAME...` downloads missing ones into ", len(datadir.Catalog())) + root,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	if n := strings.Count(stdout, " found "); n != 2 {
		t.Errorf("%d found, want 2", n)
	}
	if code, _, stderr := runTrace(t, "data", "extra"); code != 1 || !strings.Contains(stderr, "data takes no arguments") {
		t.Errorf("extra argument: exit %d, %q", code, stderr)
	}

	// A damaged file is listed as such and the command fails.
	if err := os.WriteFile(lcg, make([]byte, 2048), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runTrace(t, "data", "--data", root)
	if code != 1 || !strings.Contains(stdout, "lcg-2005-1     DAMAGED  "+lcg) || !strings.Contains(stdout, "checksum mismatch") ||
		!strings.Contains(stderr, "1 data set(s) damaged") {
		t.Errorf("damaged: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

func TestDataFetchCommand(t *testing.T) {
	root := t.TempDir()
	copyRepoDataFrom(t, root, "LCG-2005-1/LCG.swf.gz")
	t.Setenv(datadir.EnvVar, "")
	t.Chdir(t.TempDir())
	datadir.HideEmbeddedForTest(t) // nor the binary's own copy
	// Present and intact: nothing is downloaded.
	code, stdout, stderr := runTrace(t, "data", "fetch", "--data", root, "lcg-2005-1")
	if code != 0 || !strings.Contains(stdout, "LCG.swf.gz: present") {
		t.Errorf("present: exit %d %q %q", code, stdout, stderr)
	}
	code, _, stderr = runTrace(t, "data", "fetch", "--data", root, "lcg", "kth-sp2")
	if code != 1 || !strings.Contains(stderr, `unknown data set "lcg"; did you mean "lcg-2005-1"? (valid: braun-512x16,`) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("unknown name: exit %d %q", code, stderr)
	}
	code, _, stderr = runTrace(t, "data", "fetch", "--data", root, "ricc-2010-1")
	if code != 1 || !strings.Contains(stderr, `unknown data set "ricc-2010-1"; did you mean "ricc-2010-2"? (valid: `) {
		t.Errorf("a typo: exit %d %q", code, stderr)
	}
	code, stdout, stderr = runTrace(t, "data", "fetch", "lcg-2005-1", "--data", root)
	if code != 0 || !strings.Contains(stdout, "LCG.swf.gz: present") {
		t.Errorf("flag after name: exit %d %q %q", code, stdout, stderr)
	}
	// AuverGrid has no pinned checksum: refused before any download.
	code, _, stderr = runTrace(t, "data", "fetch", "--data", root, "auvergrid")
	if code != 1 || !strings.Contains(stderr, "no pinned checksum for auvergrid/anon_jobs.gwf") || !strings.Contains(stderr, "--allow-unpinned") {
		t.Errorf("unpinned: exit %d %q", code, stderr)
	}
}

// redirect sends every request to the local test server, keeping the path
// and the original host (so tests see which URL was asked for).
type redirect struct{ to string }

func (r redirect) RoundTrip(req *http.Request) (*http.Response, error) {
	u, _ := url.Parse(r.to)
	out := req.Clone(req.Context())
	out.URL.Scheme, out.URL.Host = u.Scheme, u.Host
	out.Header.Set("X-Original-Host", req.URL.Host)
	return http.DefaultTransport.RoundTrip(out)
}

// unreachable fails every request as a machine without network does.
type unreachable struct{}

func (unreachable) RoundTrip(req *http.Request) (*http.Response, error) {
	return nil, &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connect: network is unreachable")}
}

func withFetchClient(t *testing.T, rt http.RoundTripper) {
	t.Helper()
	old := fetchClient
	fetchClient = &http.Client{Transport: rt}
	t.Cleanup(func() { fetchClient = old })
}

// `data fetch` end to end against a local server standing in for the
// archive: the trace is downloaded, verified and listed as present.
func TestDataFetchDownloads(t *testing.T) {
	body, err := os.ReadFile(filepath.Join(repoData, "LCG-2005-1", "LCG.swf.gz"))
	if err != nil {
		t.Fatal(err)
	}
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked = append(asked, r.Header.Get("X-Original-Host")+r.URL.Path)
		http.ServeContent(w, r, "LCG.swf.gz", time.Time{}, bytes.NewReader(body))
	}))
	defer srv.Close()
	withFetchClient(t, redirect{srv.URL})
	t.Setenv(datadir.EnvVar, "")
	t.Chdir(t.TempDir())
	datadir.HideEmbeddedForTest(t) // nor the binary's own copy
	root := t.TempDir()
	code, stdout, stderr := runTrace(t, "data", "fetch", "--data", root, "lcg-2005-1")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	dest := filepath.Join(root, "LCG-2005-1", "LCG.swf.gz")
	if !strings.Contains(stdout, dest+": fetched from https://raw.githubusercontent.com/Cloudslab/cloudsim/") || !strings.Contains(stdout, "sha256 verified") {
		t.Errorf("stdout %q", stdout)
	}
	if len(asked) != 1 || !strings.HasPrefix(asked[0], "raw.githubusercontent.com/Cloudslab/cloudsim/") {
		t.Errorf("asked %q", asked)
	}
	if _, stdout, _ := runTrace(t, "data", "--data", root); !strings.Contains(stdout, "lcg-2005-1     found    "+dest+" (2.3 MiB; 1 sha256 verified)") {
		t.Errorf("listing:\n%s", stdout)
	}
}

// Without network the error names every URL tried and says what to do.
func TestDataFetchUnreachable(t *testing.T) {
	withFetchClient(t, unreachable{})
	t.Setenv(datadir.EnvVar, "")
	t.Chdir(t.TempDir())
	datadir.HideEmbeddedForTest(t) // nor the binary's own copy
	code, _, stderr := runTrace(t, "data", "fetch", "--data", t.TempDir(), "kth-sp2")
	for _, want := range []string{
		"kth-sp2: cannot download https://raw.githubusercontent.com/SeriousCorgi/",
		"cannot download https://www.cs.huji.ac.il/labs/parallel/workload/l_kth_sp2/KTH-SP2-1996-2.1-cln.swf.gz",
		"network is unreachable", "no network?",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q: %q", want, stderr)
		}
	}
	if code != 1 || strings.Count(stderr, "\n") != 1 {
		t.Errorf("exit %d, want one error line: %q", code, stderr)
	}
}

// TestDataFetchHelpNamesEveryUnpinnedSet: the help says which sets need
// --allow-unpinned, all of them and only them: it once named AuverGrid
// alone, and `data fetch ctc-sp2` then failed for want of the flag.
func TestDataFetchHelpNamesEveryUnpinnedSet(t *testing.T) {
	code, stdout, stderr := runTrace(t, "data", "fetch", "--help")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	help := strings.Join(strings.Fields(stdout), " ")
	_, sentence, ok := strings.Cut(help, "No checksum is pinned for ")
	sentence, _, _ = strings.Cut(sentence, ":")
	if !ok {
		t.Fatalf("the help names no unpinned set:\n%s", stdout)
	}
	var want []string
	for _, l := range datadir.Locate(t.TempDir()) {
		if !l.Pinned {
			want = append(want, l.ID)
		}
	}
	if got := strings.Split(sentence, ", "); !slices.Equal(got, want) || len(want) < 4 {
		t.Errorf("the help names %q as unpinned, the catalogue %q", got, want)
	}
}
