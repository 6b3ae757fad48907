package external

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// encoding/json matches an object's keys to a struct's fields ignoring
// case, even with DisallowUnknownFields, and keeps the last of a key given
// twice: {"Start": [...]} was taken for a start list, and in
// {"start": [...], "START": []} the second list silently replaced the
// first, so no job ever started. The answers are checked strictly
// (docs/scheduler-protocol.md), so each answer encoding/json has accepted
// is walked once more for keys spelled in another case or given twice.

// checkAnswerKeys checks the keys of the answer b, one JSON value that
// encoding/json decoded into an answer: the object's "start" and each
// start's "job" and "machine".
func checkAnswerKeys(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	return objectKeys(dec, []string{"start"}, func(key string) error {
		t, err := dec.Token()
		if err != nil || key != "start" || t != json.Delim('[') {
			return skipValue(dec, t, err)
		}
		for i := 0; dec.More(); i++ {
			if err := objectKeys(dec, []string{"job", "machine"}, func(string) error { return skipNext(dec) }); err != nil {
				return fmt.Errorf("start %d: %w", i, err)
			}
		}
		_, err = dec.Token() // ]
		return err
	})
}

// checkReadyKeys checks the keys of the ready answer b, one JSON value
// that encoding/json decoded into a ready: "type" and "protocol" (other
// keys are ignored, as json.Unmarshal ignores them).
func checkReadyKeys(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	fields := []string{"type", "protocol"}
	var seen []string
	err := objectKeys(dec, fields, func(key string) error {
		if !slices.Contains(fields, key) {
			return fmt.Errorf("unknown key %q", key)
		}
		seen = append(seen, key)
		return skipNext(dec)
	})
	if err == nil && !slices.Contains(seen, "protocol") {
		return errors.New("no protocol")
	}
	return err
}

// objectKeys reads the next value of dec. When it is an object, each key
// must be given once and must not be one of fields spelled in another
// case; value reads the value of each key. A value other than an object
// is read and passes.
func objectKeys(dec *json.Decoder, fields []string, value func(key string) error) error {
	t, err := dec.Token()
	if err != nil || t != json.Delim('{') {
		return skipValue(dec, t, err)
	}
	var seen []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		if slices.Contains(seen, key) {
			return fmt.Errorf("key %q given twice", key)
		}
		seen = append(seen, key)
		if !slices.Contains(fields, key) {
			for _, f := range fields {
				if strings.EqualFold(key, f) {
					return fmt.Errorf("key %q: keys are case-sensitive; want %q", key, f)
				}
			}
		}
		if err := value(key); err != nil {
			return err
		}
	}
	_, err = dec.Token() // }
	return err
}

// skipNext reads the next value of dec.
func skipNext(dec *json.Decoder) error {
	t, err := dec.Token()
	return skipValue(dec, t, err)
}

// skipValue reads the rest of the value whose first token is t.
func skipValue(dec *json.Decoder, t json.Token, err error) error {
	for depth := 0; ; {
		if err != nil {
			return err
		}
		switch t {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
		t, err = dec.Token()
	}
}
