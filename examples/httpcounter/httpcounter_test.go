package httpcounter

import (
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// visitTwice serves h with an httptest server and visits it from two
// clients at once; it returns the two answers, sorted.
func visitTwice(t *vt.T, h http.Handler) []string {
	srv := httptest.NewServer(h)
	defer srv.Close()
	answers := make([]string, 2)
	var wg sync.WaitGroup
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := http.Get(srv.URL)
			if !assert.NoError(t, err) {
				return
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			assert.NoError(t, err)
			answers[i] = string(b)
		}()
	}
	wg.Wait()
	slices.Sort(answers)
	return answers
}

// TestCounterRace: the handlers of two concurrent visits increment the
// count without synchronization. vt reports the race with both handlers'
// stacks, each down to net/http's connection goroutine. Unless the second
// request reuses the first one's connection after it is done, nothing
// orders the two increments, so the default search reports the race in
// its first execution.
func TestCounterRace(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		visitTwice(t, &Counter{})
	}, vt.Expect("race"))
}

// TestCounterRecorder: the same race without a network, the handler
// called directly with httptest.NewRecorder from two goroutines.
func TestCounterRecorder(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		c := &Counter{}
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
			}()
		}
		wg.Wait()
	}, vt.Expect("race"))
}

// TestSafeCounter: with the mutex, the two visits are visit 1 and visit 2,
// in whichever order the requests arrive.
func TestSafeCounter(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		require.Equal(t, []string{"visit 1", "visit 2"}, visitTwice(t, &SafeCounter{}))
	})
}
