package filestudy

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"

	"github.com/gridbench/gridbench/spaceshared"
)

// A kind is what a [[workload]] with kind = NAME means: the keys it reads,
// how it checks them, how the page shows it, and what each repetition
// runs. Each kind is one file (trace.go, deadline.go, lublin.go, etc.go,
// timeshare.go) and one row of kinds: a new kind is a new file and a new
// row. Its keys are fields of Workload, the file as written, or, for a
// kind that implements ownKeys, a struct of its own.
type kind interface {
	// family is the simulation its runs belong to: the algorithms a study
	// of it may name and the metrics they report.
	family() *family
	// keys are the keys it reads besides kind and name; setting any other
	// is an error (checkKeys).
	keys() []string
	// check checks w's keys beyond the bounds every kind shares
	// (checkRanges), fills their defaults and, when w has none, its name.
	// An error in a key is a KeyError (keyErr), so Load can show its line.
	check(w *Workload) error
	// describe is w's parameters in the page's table of workloads.
	describe(w *Workload) string
	// instances returns what each of the reps repetitions of workload i
	// of s runs, read now, so that a missing or malformed file fails the
	// plan before anything runs; it records the files it resolved in c.
	instances(s *Study, i, reps int, dataDir string, c *config) ([]instance, error)
	// files returns the files repetition r of w reads, as instances
	// recorded them in c: they are part of the run's key.
	files(w *Workload, r int, c config) []string
}

// kinds is every workload kind, in the order messages list them.
var kinds = []struct {
	name string
	kind kind
}{
	{"trace", traceKind{}},
	{"deadline", deadlineKind{}},
	{"lublin", lublinKind{}},
	{"etc", etcKind{}},
	{"timeshare", timeshareKind{}},
}

// A kind may implement either of these when the defaults do not fit it.
type (
	// measurer says which of its family's metrics w's runs have; by
	// default every one but delayed_pct, which needs jobs with deadlines.
	measurer interface {
		measures(w *Workload, m string) bool
	}
	// ranger checks bounds of w's keys that hold together (the size of
	// an ETC matrix), right after the bounds of each key alone.
	ranger interface {
		checkRanges(w *Workload) error
	}
	// ownKeys is a kind that reads keys of its own, beyond Workload's
	// fields: Load decodes each workload of the kind into a fresh
	// params() (a pointer to a struct with toml tags) and keeps it in
	// Workload.Params, which the configuration hash covers. Its keys()
	// list them too.
	ownKeys interface {
		params() any
	}
)

// kindOf returns the kind named name, or nil.
func kindOf(name string) kind {
	for _, k := range kinds {
		if k.name == name {
			return k.kind
		}
	}
	return nil
}

// kindList is every workload kind's name, in kinds' order.
func kindList() []string {
	var ks []string
	for _, k := range kinds {
		ks = append(ks, k.name)
	}
	return ks
}

// kindNames lists every workload kind, quoted, for messages.
func kindNames() string {
	var ks []string
	for _, k := range kinds {
		ks = append(ks, fmt.Sprintf("%q", k.name))
	}
	return strings.Join(ks, ", ")
}

// check checks w's keys and fills the defaults its kind gives them.
func (w *Workload) check() error {
	k := kindOf(w.Kind)
	if k == nil {
		// Study.family refuses it first; this keeps check whole on its own.
		return keyErr("kind", "%q: want one of %s", w.Kind, kindNames())
	}
	if err := w.checkKeys(k.keys()); err != nil {
		return err
	}
	if err := w.checkRanges(); err != nil {
		return err
	}
	if r, ok := k.(ranger); ok {
		if err := r.checkRanges(w); err != nil {
			return err
		}
	}
	if w.Name != "" {
		if err := checkLabel(w.Name); err != nil {
			return keyErr("name", "%w", err)
		}
	}
	return k.check(w)
}

// checkKeys rejects a key set in a workload of a kind that does not read
// it (cpus in a timeshare workload, slaves in a trace one), which would
// otherwise be ignored without a word.
func (w *Workload) checkKeys(allowed []string) error {
	v := reflect.ValueOf(*w)
	for i := range v.NumField() {
		key := v.Type().Field(i).Tag.Get("toml")
		if key == "kind" || key == "name" || key == "-" || v.Field(i).IsZero() || slices.Contains(allowed, key) {
			continue
		}
		return keyErr(key, "not read by kind = %q workloads (their keys: kind, name, %s)", w.Kind, strings.Join(allowed, ", "))
	}
	return nil
}

// measures reports whether w's runs have metric m (see measurer); a run
// without it has no row for it in runs.csv (Study.simulate).
func (w *Workload) measures(m string) bool {
	if k, ok := kindOf(w.Kind).(measurer); ok {
		return k.measures(w, m)
	}
	return m != spaceshared.MDelayed
}

// describe is w's parameters as its kind shows them.
func (w *Workload) describe() string {
	if k := kindOf(w.Kind); k != nil {
		return k.describe(w)
	}
	return ""
}

// files returns the files repetition r of w reads (see kind.files).
func (w *Workload) files(r int, c config) []string {
	if k := kindOf(w.Kind); k != nil {
		return k.files(w, r, c)
	}
	return nil
}

// decodeOwnKeys keeps the keys each [[workload]] table sets, as written,
// in its Workload (written), decodes those of each workload whose kind
// reads keys of its own (ownKeys) into its Params, and returns every key
// that a table sets, by table, for isOwnKey.
func (f *File) decodeOwnKeys(text string) ([]map[string]any, error) {
	var raw struct {
		Tables []toml.Primitive `toml:"workload"`
	}
	md, err := toml.Decode(text, &raw)
	if err != nil {
		return nil, err
	}
	set := make([]map[string]any, len(raw.Tables))
	for i, p := range raw.Tables {
		if err := md.PrimitiveDecode(p, &set[i]); err != nil {
			return nil, err
		}
		f.Workloads[i].written = set[i]
		k, ok := kindOf(f.Workloads[i].Kind).(ownKeys)
		if !ok {
			continue
		}
		params := k.params()
		err := md.PrimitiveDecode(p, params)
		// Checked when the decoder succeeds too: it keeps the low bits of
		// an integer too large for the field (see overflows).
		name, _ := set[i]["name"].(string)
		if ke := mistypedIn(set[i], reflect.TypeOf(params).Elem(), "workload", i+1, name); ke != nil {
			return nil, ke
		}
		if err != nil {
			return nil, err
		}
		f.Workloads[i].Params = params
	}
	return set, nil
}

// isOwnKey says whether the key that Workload has no field for is one of
// a kind's own keys in every workload table that sets it (set, from
// decodeOwnKeys).
func (f *File) isOwnKey(key toml.Key, set []map[string]any) bool {
	if len(key) != 2 || key[0] != "workload" {
		return false
	}
	n := 0
	for i, keys := range set {
		if _, ok := keys[key[1]]; !ok {
			continue
		}
		k := kindOf(f.Workloads[i].Kind)
		if _, own := k.(ownKeys); !own || !slices.Contains(k.keys(), key[1]) {
			return false
		}
		n++
	}
	return n > 0
}
