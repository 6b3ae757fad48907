package datadir

import (
	"archive/zip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Fetcher downloads catalogue data sets into a data root.
//
// Every file goes to DEST.part beside its destination and is renamed into
// place only once complete and verified, so a reader never sees half a file.
// An interrupted download (a cut connection, Ctrl-C) keeps the .part file,
// and the next fetch resumes it with an HTTP Range request; a server that
// ignores Range sends the whole file again. A file whose SHA-256 differs
// from the manifest's is deleted and reported with its URL.
//
// A file the manifest does not pin (AuverGrid: no copy has been seen to pin)
// is fetched only with AllowUnpinned; its SHA-256 is then printed so that it
// can be compared with another copy or added to the manifest.
//
// A server that sends nothing for StallTimeout (before its headers or
// within the body) is given up and the next URL is tried; the bytes it did
// send stay in .part for the resume. A file is at most MaxSize bytes: a
// server announcing more is refused, one sending more (an endless body) is
// cut off and its .part deleted, so a wrong server cannot fill the disk.
type Fetcher struct {
	Client        *http.Client // nil: http.DefaultClient
	Log           io.Writer    // one line per file: fetched, present, unpinned checksum
	Progress      func(desc string, total, done int64) io.Writer
	AllowUnpinned bool
	StallTimeout  time.Duration // 0: DefaultStallTimeout
	MaxSize       int64         // bytes; 0: DefaultMaxSize
}

// DefaultStallTimeout is how long a server may send nothing.
const DefaultStallTimeout = 60 * time.Second

// DefaultMaxSize bounds one download: 4 GiB, eight times the largest data
// set gridbench knows (LCG, under 0.5 GB).
const DefaultMaxSize = 4 << 30

// errStalled cancels a request whose server went quiet.
var errStalled = errors.New("stalled")

// FetchRoot is the data root fetch writes to: the --data flag, else
// $GRIDBENCH_DATA, else ./data (the repository's own data folder, where
// fetched sets are ignored by git); of a list of roots ("a:b", which the
// readers search in order), the first. ../shared/data is never written.
func FetchRoot(flagDir string) string {
	for _, v := range []string{flagDir, os.Getenv(EnvVar)} {
		for _, d := range filepath.SplitList(v) {
			if d != "" {
				return d
			}
		}
	}
	return "data"
}

// ErrUnpinned is wrapped by the error for a file with no pinned checksum
// fetched without Fetcher.AllowUnpinned.
var ErrUnpinned = errors.New("no pinned checksum")

// Fetch writes every file of d below root that is not already there and
// intact. It stops at the first file that fails.
func (f *Fetcher) Fetch(ctx context.Context, d DataSet, root string) error {
	dls := d.Downloads()
	if len(dls) == 0 {
		return fmt.Errorf("%s: gridbench knows no URL for it; %s", d.ID, d.Where)
	}
	if err := f.FetchFiles(ctx, dls, root); err != nil {
		return fmt.Errorf("%s: %w", d.ID, err)
	}
	return nil
}

// FetchFiles writes each file below root unless it is already there and
// intact; it stops at the first that fails.
func (f *Fetcher) FetchFiles(ctx context.Context, dls []Download, root string) error {
	for _, dl := range dls {
		if err := f.fetchFile(ctx, dl, root); err != nil {
			return err
		}
	}
	return nil
}

func (f *Fetcher) fetchFile(ctx context.Context, dl Download, root string) error {
	dest := filepath.Join(root, filepath.FromSlash(dl.Rel))
	want, pinned := Pinned(dl.Rel)
	if _, err := os.Stat(dest); err == nil {
		if err := VerifyFile(dest, dl.Rel); err != nil {
			return err // a damaged file is the user's to remove: we do not overwrite data we did not write
		}
		f.logf("%s: present\n", dest)
		return nil
	}
	if !pinned && !f.AllowUnpinned {
		return fmt.Errorf("%w for %s (%s); fetch it with --allow-unpinned to accept the archive's file as it comes, "+
			"or download %s by hand", ErrUnpinned, dl.Rel, ManifestName, strings.Join(dl.URLs, " or "))
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %w", filepath.Dir(dest), err)
	}
	part := dest + ".part"
	if dl.Member != "" {
		part = dest + ".zip.part"
		want = "" // the archive itself is not pinned; the member is checked below
	}
	var errs []error
	for _, u := range dl.URLs {
		got, err := f.download(ctx, u, part, want, dl.Rel)
		if err == nil {
			return f.install(part, dest, dl, got, u)
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	if len(errs) == 0 {
		return fmt.Errorf("%s: no URL to fetch it from", dl.Rel)
	}
	return attempts(errs)
}

// attempts is the failure of every URL of a file, on one line.
type attempts []error

func (a attempts) Unwrap() []error { return a }
func (a attempts) Error() string {
	msgs := make([]string, len(a))
	for i, e := range a {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "; then ")
}

// install moves a complete, checked download into place.
func (f *Fetcher) install(part, dest string, dl Download, sum, u string) error {
	if dl.Member != "" {
		tmp := dest + ".tmp"
		// The archive is complete (its length is the server's): one that
		// cannot be read, or whose member is wrong, would only fail the
		// same way at every later fetch, so it is discarded.
		if err := unzipMember(part, dl.Member, tmp); err != nil {
			os.Remove(tmp)
			os.Remove(part)
			return fmt.Errorf("%s from %s: %w; the download was discarded", dl.Member, u, err)
		}
		if err := VerifyFile(tmp, dl.Rel); err != nil {
			os.Remove(tmp)
			os.Remove(part)
			return fmt.Errorf("%s from %s: %w; the download was discarded", dl.Member, u, err)
		}
		if _, pinned := Pinned(dl.Rel); !pinned {
			s, err := HashFile(tmp)
			if err != nil {
				return err
			}
			sum = s
		}
		if err := os.Rename(tmp, dest); err != nil {
			return err
		}
		os.Remove(part)
	} else if err := os.Rename(part, dest); err != nil {
		return err
	}
	if _, pinned := Pinned(dl.Rel); pinned {
		f.logf("%s: fetched from %s, sha256 verified\n", dest, u)
	} else {
		f.logf("%s: fetched from %s; NOT verified (%s pins no checksum for it): sha256 %s\n", dest, u, ManifestName, sum)
	}
	return nil
}

// download brings part up to the whole file at u, resuming what is there,
// and checks it against want (lower-case hex; "" checks nothing). It
// returns the file's SHA-256. A wrong checksum or a file over MaxSize
// deletes part; any other failure keeps it for the next attempt.
func (f *Fetcher) download(ctx context.Context, u, part, want, rel string) (string, error) {
	h := sha256.New()
	have, err := hashPrefix(part, h)
	if err != nil {
		return "", err
	}
	stall, limit := f.StallTimeout, f.MaxSize
	if stall <= 0 {
		stall = DefaultStallTimeout
	}
	if limit <= 0 {
		limit = DefaultMaxSize
	}
	// The request's own context is cancelled when the server stays quiet
	// for stall; every byte received pushes that moment back.
	parent := ctx
	ctx, cancel := context.WithCancelCause(parent)
	defer cancel(nil)
	quiet := time.AfterFunc(stall, func() { cancel(errStalled) })
	defer quiet.Stop()
	stalled := func(err error) error {
		if parent.Err() == nil && errors.Is(context.Cause(ctx), errStalled) {
			return fmt.Errorf("the server sent nothing for %v", stall)
		}
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", fmt.Errorf("%s: %w", u, err)
	}
	if have > 0 {
		req.Header.Set("Range", "bytes="+strconv.FormatInt(have, 10)+"-")
	}
	client := f.Client
	if client == nil {
		client = http.DefaultClient
	}
	resp, err := client.Do(req)
	if err != nil {
		if parent.Err() != nil {
			return "", fmt.Errorf("download of %s cancelled: %w", u, parent.Err())
		}
		if err := stalled(nil); err != nil {
			return "", fmt.Errorf("cannot download %s: %w", u, err)
		}
		return "", fmt.Errorf("cannot download %s: %w (no network? fetch it on a machine that has one, or download it by hand to %s)", u, err, strings.TrimSuffix(part, ".part"))
	}
	defer resp.Body.Close()
	flag := os.O_WRONLY | os.O_CREATE | os.O_APPEND
	switch {
	case resp.StatusCode == http.StatusPartialContent && have > 0 && rangeStart(resp) == have:
		// resume: append to what we have
	case resp.StatusCode == http.StatusRequestedRangeNotSatisfiable && have > 0:
		// part may already be whole: check it below without reading a body
		return finish(part, h, want, u, rel)
	case resp.StatusCode == http.StatusOK:
		flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		h.Reset()
		have = 0
	case resp.StatusCode == http.StatusPartialContent:
		os.Remove(part) // a range we did not ask for: start again next time
		return "", fmt.Errorf("cannot resume %s: the server sent bytes %q, not from %d; the partial download was discarded, run the command again",
			u, resp.Header.Get("Content-Range"), have)
	default:
		return "", fmt.Errorf("cannot download %s: HTTP %s", u, resp.Status)
	}
	total := int64(-1)
	if resp.ContentLength >= 0 {
		total = have + resp.ContentLength
	}
	if total > limit {
		return "", fmt.Errorf("cannot download %s: it is %d bytes, over the limit of %d (raise it with --max-size)", u, total, limit)
	}
	out, err := os.OpenFile(part, flag, 0o644)
	if err != nil {
		return "", err
	}
	var w io.Writer = io.MultiWriter(out, h)
	if f.Progress != nil {
		w = io.MultiWriter(w, f.Progress(filepath.Base(rel), total, have))
	}
	body := io.LimitReader(&quietReader{resp.Body, quiet, stall}, limit-have+1)
	n, cerr := io.Copy(w, body)
	if have+n > limit {
		out.Close()
		os.Remove(part)
		return "", fmt.Errorf("download of %s sent more than %d bytes, the limit (raise it with --max-size); the partial download was discarded", u, limit)
	}
	if err := out.Sync(); cerr == nil {
		cerr = err
	}
	if err := out.Close(); cerr == nil {
		cerr = err
	}
	if cerr == nil && total >= 0 && have+n != total {
		cerr = io.ErrUnexpectedEOF
	}
	if cerr != nil {
		what := "interrupted"
		if parent.Err() != nil {
			what, cerr = "cancelled", parent.Err()
		} else {
			cerr = stalled(cerr)
		}
		size := "?"
		if total >= 0 {
			size = strconv.FormatInt(total, 10)
		}
		return "", fmt.Errorf("download of %s %s after %d of %s bytes: %w; run the same command again to resume from %s",
			u, what, have+n, size, cerr, part)
	}
	return finish(part, h, want, u, rel)
}

// quietReader pushes the stall deadline back at every byte received.
type quietReader struct {
	r     io.Reader
	quiet *time.Timer
	stall time.Duration
}

func (q *quietReader) Read(p []byte) (int, error) {
	n, err := q.r.Read(p)
	if n > 0 {
		q.quiet.Reset(q.stall)
	}
	return n, err
}

// finish checks a complete download's checksum; a mismatch deletes it.
func finish(part string, h hash.Hash, want, u, rel string) (string, error) {
	got := hex.EncodeToString(h.Sum(nil))
	if want != "" && got != want {
		os.Remove(part)
		return "", fmt.Errorf("%w: %s served a file with sha256 %s, but %s pins %s for %s; the download was discarded",
			ErrCorrupt, u, got, ManifestName, want, rel)
	}
	return got, nil
}

// hashPrefix feeds an existing partial download to h and returns its size
// (0 when there is none).
func hashPrefix(part string, h hash.Hash) (int64, error) {
	in, err := os.Open(part)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	defer in.Close()
	return io.Copy(h, in)
}

// rangeStart parses the first byte of a 206 reply's Content-Range
// ("bytes 100-199/200"), or -1.
func rangeStart(resp *http.Response) int64 {
	cr := strings.TrimPrefix(resp.Header.Get("Content-Range"), "bytes ")
	start, _, ok := strings.Cut(cr, "-")
	if !ok {
		return -1
	}
	n, err := strconv.ParseInt(start, 10, 64)
	if err != nil {
		return -1
	}
	return n
}

// unzipMember writes the archive member whose base name is name to dest.
func unzipMember(archive, name, dest string) error {
	zr, err := zip.OpenReader(archive)
	if err != nil {
		return err
	}
	defer zr.Close()
	for _, zf := range zr.File {
		if filepath.Base(zf.Name) != name || zf.FileInfo().IsDir() {
			continue
		}
		in, err := zf.Open()
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(dest)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		if err := out.Sync(); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	}
	return fmt.Errorf("the archive %s has no file %s", archive, name)
}

func (f *Fetcher) logf(format string, args ...any) {
	if f.Log != nil {
		fmt.Fprintf(f.Log, format, args...)
	}
}
