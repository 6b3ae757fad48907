package datadir

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A server that stalls, before its headers or halfway through the body,
// is given up after StallTimeout and the next URL is tried; the half it
// sent is resumed from the next server.
func TestFetchStalledServerThenNextURL(t *testing.T) {
	body := instBytes(t)
	silent := serve(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	half := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body[:len(body)/2])
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	good := serve(t, content(body))
	for _, tc := range []struct {
		name string
		srv  *server
	}{{"no headers", silent}, {"half a body", half}} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			f := &Fetcher{StallTimeout: defaultTestStall}
			if err := fetchOne(t, f, context.Background(), root, tc.srv.URL+"/x", good.URL+"/x"); err != nil {
				t.Fatal(err)
			}
			got, _ := os.ReadFile(filepath.Join(root, filepath.FromSlash(inst)))
			if !bytes.Equal(got, body) {
				t.Fatal("fetched file differs")
			}
			// Alone, the stalled server is an error saying so.
			err := fetchOne(t, f, context.Background(), t.TempDir(), tc.srv.URL+"/x")
			if err == nil || !strings.Contains(err.Error(), "the server sent nothing for") {
				t.Errorf("err = %v", err)
			}
		})
	}
	if len(good.ranges) != 1 || good.ranges[0] != "bytes="+strconv.Itoa(len(body)/2)+"-" {
		t.Errorf("the good server got ranges %q, want one resume from the half", good.ranges)
	}
}

// defaultTestStall is short so that the stalled servers are left quickly;
// it bounds waiting, no assertion measures it.
const defaultTestStall = 300 * time.Millisecond

// An endless body is cut at MaxSize and its .part deleted; a body that
// announces more than MaxSize is not downloaded at all.
func TestFetchSizeLimit(t *testing.T) {
	endless := serve(t, func(w http.ResponseWriter, r *http.Request) {
		chunk := bytes.Repeat([]byte("x"), 64<<10)
		for r.Context().Err() == nil {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	})
	root := t.TempDir()
	err := fetchOne(t, &Fetcher{MaxSize: 1 << 20}, context.Background(), root, endless.URL+"/x")
	if err == nil || !strings.Contains(err.Error(), "more than 1048576 bytes, the limit (raise it with --max-size)") {
		t.Fatalf("endless body: %v", err)
	}
	if m, _ := filepath.Glob(filepath.Join(root, "*", "*")); len(m) != 0 {
		t.Errorf("left behind %v", m)
	}
	big := serve(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", "10000000000")
		w.WriteHeader(http.StatusOK)
	})
	err = fetchOne(t, &Fetcher{}, context.Background(), t.TempDir(), big.URL+"/x")
	if err == nil || !strings.Contains(err.Error(), "10000000000 bytes, over the limit of 4294967296") {
		t.Fatalf("announced size: %v", err)
	}
}

// A complete unpinned archive that is not a zip (the server answers a
// resume with 416: nothing more to send) used to fail the same way at
// every fetch; it is discarded, and the next fetch downloads it afresh.
func TestFetchCorruptCompletePartDiscarded(t *testing.T) {
	var zbuf bytes.Buffer
	zw := zip.NewWriter(&zbuf)
	w, _ := zw.Create("anon_jobs_gwf/anon_jobs.gwf")
	w.Write([]byte("# GWF\n1 0 0 10 1\n"))
	zw.Close()
	srv := serve(t, content(zbuf.Bytes()))
	dl := []Download{{Rel: "auvergrid/anon_jobs.gwf", URLs: []string{srv.URL + "/anon_jobs_gwf.zip"}, Member: "anon_jobs.gwf"}}
	root := t.TempDir()
	part := filepath.Join(root, "auvergrid", "anon_jobs.gwf.zip.part")
	os.MkdirAll(filepath.Dir(part), 0o755)
	if err := os.WriteFile(part, bytes.Repeat([]byte{'?'}, zbuf.Len()), 0o644); err != nil {
		t.Fatal(err)
	}
	f := &Fetcher{AllowUnpinned: true}
	err := f.FetchFiles(context.Background(), dl, root)
	if err == nil || !strings.Contains(err.Error(), "discarded") {
		t.Fatalf("corrupt complete archive: %v", err)
	}
	if _, err := os.Stat(part); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the corrupt archive was kept: %v", err)
	}
	if err := f.FetchFiles(context.Background(), dl, root); err != nil {
		t.Fatalf("the next fetch: %v", err)
	}
}
