package bank

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// payTwice has alice pay bob and carol 70 each, concurrently, out of 100:
// exactly one payment may succeed.
func payTwice(t *vt.T, transfer func(b *Bank, from, to string, amount int) error) {
	b := New(map[string]int{"alice": 100, "bob": 0, "carol": 0})
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, payee := range []string{"bob", "carol"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = transfer(b, "alice", payee, 70)
		}()
	}
	wg.Wait()

	assert.Equal(t, 100, b.Total(), "money must be conserved")
	require.GreaterOrEqual(t, b.Balance("alice"), 0, "alice's balance must not go negative")
	failed := 0
	for _, err := range errs {
		if err != nil {
			require.ErrorIs(t, err, ErrInsufficientFunds)
			failed++
		}
	}
	require.Equal(t, 1, failed, "exactly one payment must be refused")
}

// TestTransferOverdraws: both payments pass the balance check before either
// debits.
func TestTransferOverdraws(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		payTwice(t, (*Bank).Transfer)
	}, vt.Expect("assert"))
}

// TestTransferAtomic: checking and moving under one lock refuses exactly one
// payment in every interleaving.
func TestTransferAtomic(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		payTwice(t, (*Bank).TransferAtomic)
	})
}
