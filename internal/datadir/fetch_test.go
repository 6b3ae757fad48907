package datadir

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// inst is a pinned file the tests serve: a bundled Braun instance (88 kB).
const inst = "braun-hcsp-512x16/u_c_lolo.0"

func instBytes(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(repoData(t), filepath.FromSlash(inst)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// server serves body with http.ServeContent (Range support) and counts
// the requests and the Range headers it got.
type server struct {
	*httptest.Server
	requests atomic.Int32
	ranges   []string
}

func serve(t *testing.T, h http.HandlerFunc) *server {
	s := &server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		if rg := r.Header.Get("Range"); rg != "" {
			s.ranges = append(s.ranges, rg)
		}
		h(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func content(body []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		http.ServeContent(w, r, "f", time.Time{}, bytes.NewReader(body))
	}
}

func fetchOne(t *testing.T, f *Fetcher, ctx context.Context, root string, urls ...string) error {
	t.Helper()
	return f.FetchFiles(ctx, []Download{{Rel: inst, URLs: urls}}, root)
}

func TestFetchGoodFile(t *testing.T) {
	body := instBytes(t)
	srv := serve(t, content(body))
	root := t.TempDir()
	var log bytes.Buffer
	f := &Fetcher{Log: &log}
	if err := fetchOne(t, f, context.Background(), root, srv.URL+"/u_c_lolo.0"); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(root, filepath.FromSlash(inst))
	got, _ := os.ReadFile(dest)
	if !bytes.Equal(got, body) {
		t.Fatal("fetched file differs")
	}
	if _, err := os.Stat(dest + ".part"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf(".part left behind: %v", err)
	}
	if !strings.Contains(log.String(), "sha256 verified") {
		t.Errorf("log %q", log.String())
	}
	// Fetching again finds it and asks the server nothing.
	if err := fetchOne(t, f, context.Background(), root, srv.URL+"/u_c_lolo.0"); err != nil || srv.requests.Load() != 1 {
		t.Fatalf("second fetch: %v, %d requests", err, srv.requests.Load())
	}
	if _, err := Find(root, inst, ""); err != nil {
		t.Fatal(err)
	}
}

func TestFetchWrongChecksum(t *testing.T) {
	body := instBytes(t)
	body[len(body)/2] ^= 1
	srv := serve(t, content(body))
	root := t.TempDir()
	err := fetchOne(t, &Fetcher{}, context.Background(), root, srv.URL+"/u_c_lolo.0")
	if !errors.Is(err, ErrCorrupt) {
		t.Fatalf("want ErrCorrupt, got %v", err)
	}
	for _, want := range []string{srv.URL + "/u_c_lolo.0", ManifestName, inst, "discarded"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	dest := filepath.Join(root, filepath.FromSlash(inst))
	for _, p := range []string{dest, dest + ".part"} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s exists after a bad download", p)
		}
	}
}

// A mirror with the wrong file is passed over for the next URL.
func TestFetchTriesNextURL(t *testing.T) {
	body := instBytes(t)
	bad := serve(t, content([]byte("not the file")))
	good := serve(t, content(body))
	root := t.TempDir()
	if err := fetchOne(t, &Fetcher{}, context.Background(), root, bad.URL+"/x", good.URL+"/x"); err != nil {
		t.Fatal(err)
	}
}

func TestFetchNotFound(t *testing.T) {
	srv := serve(t, http.NotFound)
	err := fetchOne(t, &Fetcher{}, context.Background(), t.TempDir(), srv.URL+"/gone.swf")
	if err == nil || !strings.Contains(err.Error(), srv.URL+"/gone.swf") || !strings.Contains(err.Error(), "404") {
		t.Fatalf("got %v", err)
	}
}

func TestFetchUnreachable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	u := srv.URL + "/LCG.swf.gz"
	srv.Close() // nothing listens there any more: connection refused
	err := fetchOne(t, &Fetcher{}, context.Background(), t.TempDir(), u)
	if err == nil || !strings.Contains(err.Error(), "cannot download "+u) || !strings.Contains(err.Error(), "no network?") {
		t.Fatalf("got %v", err)
	}
}

// A body cut short keeps the .part file; the next fetch asks for the rest
// with a Range request and completes it.
func TestFetchTruncatedThenResumed(t *testing.T) {
	body := instBytes(t)
	cut := len(body) / 3
	var truncate atomic.Bool
	truncate.Store(true)
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if truncate.Load() {
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			w.Write(body[:cut]) // the handler returns: the connection ends early
			return
		}
		content(body)(w, r)
	})
	root := t.TempDir()
	dest := filepath.Join(root, filepath.FromSlash(inst))
	err := fetchOne(t, &Fetcher{}, context.Background(), root, srv.URL+"/f")
	if err == nil || !strings.Contains(err.Error(), "interrupted after "+strconv.Itoa(cut)+" of "+strconv.Itoa(len(body))) ||
		!strings.Contains(err.Error(), "run the same command again to resume") {
		t.Fatalf("got %v", err)
	}
	if st, err := os.Stat(dest + ".part"); err != nil || st.Size() != int64(cut) {
		t.Fatalf(".part: %v %v", st, err)
	}
	if _, err := os.Stat(dest); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("a truncated download was installed")
	}
	truncate.Store(false)
	if err := fetchOne(t, &Fetcher{}, context.Background(), root, srv.URL+"/f"); err != nil {
		t.Fatal(err)
	}
	if want := "bytes=" + strconv.Itoa(cut) + "-"; len(srv.ranges) != 1 || srv.ranges[0] != want {
		t.Errorf("ranges asked %q, want [%q]", srv.ranges, want)
	}
	if got, _ := os.ReadFile(dest); !bytes.Equal(got, body) {
		t.Fatal("resumed file differs")
	}
}

// A server that ignores Range sends everything again; the partial file is
// replaced, not appended to.
func TestFetchServerIgnoresRange(t *testing.T) {
	body := instBytes(t)
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) { w.Write(body) })
	root := t.TempDir()
	dest := filepath.Join(root, filepath.FromSlash(inst))
	os.MkdirAll(filepath.Dir(dest), 0o755)
	os.WriteFile(dest+".part", body[:100], 0o644)
	if err := fetchOne(t, &Fetcher{}, context.Background(), root, srv.URL+"/f"); err != nil {
		t.Fatal(err)
	}
	if len(srv.ranges) != 1 {
		t.Errorf("no Range asked: %q", srv.ranges)
	}
	if got, _ := os.ReadFile(dest); !bytes.Equal(got, body) {
		t.Fatal("file differs")
	}
}

// A slow server: the client cancels (Ctrl-C) after the first bytes arrive;
// the fetch stops, keeps what it got, and a later fetch resumes it.
func TestFetchCancelledThenResumed(t *testing.T) {
	body := instBytes(t)
	first := 1000
	sent := make(chan struct{})
	var slow atomic.Bool
	slow.Store(true)
	srv := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if !slow.Load() {
			content(body)(w, r)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body[:first])
		w.(http.Flusher).Flush()
		close(sent)
		<-r.Context().Done() // the rest never comes
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	root := t.TempDir()
	dest := filepath.Join(root, filepath.FromSlash(inst))
	pw := &progressWriter{seen: first, reached: make(chan struct{})}
	f := &Fetcher{Progress: func(string, int64, int64) io.Writer { return pw }}
	go func() {
		<-sent
		<-pw.reached
		cancel()
	}()
	err := fetchOne(t, f, ctx, root, srv.URL+"/f")
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "cancelled after 1000 of") {
		t.Fatalf("got %v", err)
	}
	if st, err := os.Stat(dest + ".part"); err != nil || st.Size() != int64(first) {
		t.Fatalf(".part: %v %v", st, err)
	}
	slow.Store(false)
	if err := fetchOne(t, &Fetcher{}, context.Background(), root, srv.URL+"/f"); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(dest); !bytes.Equal(got, body) {
		t.Fatal("resumed file differs")
	}
}

// progressWriter closes reached once it has been given seen bytes.
type progressWriter struct {
	n, seen int
	reached chan struct{}
}

func (p *progressWriter) Write(b []byte) (int, error) {
	before := p.n
	p.n += len(b)
	if before < p.seen && p.n >= p.seen {
		close(p.reached)
	}
	return len(b), nil
}

// A file the manifest does not pin needs AllowUnpinned; an archive member
// is taken out of the zip and its sha256 printed.
func TestFetchUnpinnedZipMember(t *testing.T) {
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	w, _ := zw.Create("anon_jobs_gwf/anon_jobs.gwf")
	w.Write([]byte("# GWF\n1 0 0 10 1\n"))
	zw.Close()
	srv := serve(t, content(zbuf.Bytes()))
	dl := []Download{{Rel: "auvergrid/anon_jobs.gwf", URLs: []string{srv.URL + "/anon_jobs_gwf.zip"}, Member: "anon_jobs.gwf"}}
	root := t.TempDir()
	err := (&Fetcher{}).FetchFiles(context.Background(), dl, root)
	if !errors.Is(err, ErrUnpinned) || !strings.Contains(err.Error(), "--allow-unpinned") {
		t.Fatalf("want ErrUnpinned, got %v", err)
	}
	if srv.requests.Load() != 0 {
		t.Error("downloaded before refusing")
	}
	var log bytes.Buffer
	if err := (&Fetcher{Log: &log, AllowUnpinned: true}).FetchFiles(context.Background(), dl, root); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(root, "auvergrid", "anon_jobs.gwf"))
	if string(got) != "# GWF\n1 0 0 10 1\n" {
		t.Fatalf("member %q", got)
	}
	if !strings.Contains(log.String(), "NOT verified") || !strings.Contains(log.String(), "sha256 ") {
		t.Errorf("log %q", log.String())
	}
	if m, _ := filepath.Glob(filepath.Join(root, "auvergrid", "*.part")); len(m) != 0 {
		t.Errorf("left behind %v", m)
	}
}

// Every catalogue download of a pinned set has a URL and a pin.
func TestCatalogDownloads(t *testing.T) {
	for _, d := range Catalog() {
		dls := d.Downloads()
		if len(dls) == 0 {
			t.Errorf("%s: no download", d.ID)
		}
		for _, dl := range dls {
			if len(dl.URLs) == 0 {
				t.Errorf("%s: %s has no URL", d.ID, dl.Rel)
			}
			if _, ok := Pinned(dl.Rel); !ok && !strings.Contains(" auvergrid ctc-sp2 sdsc-sp2 sdsc-blue ", " "+d.ID+" ") { // no copy seen to pin
				t.Errorf("%s: %s is not pinned", d.ID, dl.Rel)
			}
		}
	}
	if n := len(mustLookup(t, "hcsp-1024x32").Downloads()); n != 49 {
		t.Errorf("hcsp-1024x32: %d files, want 24 instances + 24 .sol + licence", n)
	}
}

func mustLookup(t *testing.T, id string) DataSet {
	d, ok := Lookup(id)
	if !ok {
		t.Fatalf("no %s", id)
	}
	return d
}

// Fetch writes into the first of a list of roots (the readers search
// "a:b" in order), not a folder named by the whole list.
func TestFetchRootOfAList(t *testing.T) {
	sep := string(os.PathListSeparator)
	for _, c := range []struct{ flag, env, want string }{
		{"a" + sep + "b", "", "a"},
		{"", "c" + sep + "d", "c"},
		{sep + "e", "", "e"},
		{"", "", "data"},
		{"f", "g", "f"},
	} {
		t.Setenv(EnvVar, c.env)
		if got := FetchRoot(c.flag); got != c.want {
			t.Errorf("FetchRoot(%q) with %s=%q = %q, want %q", c.flag, EnvVar, c.env, got, c.want)
		}
	}
}
