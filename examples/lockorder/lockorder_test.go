package lockorder

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vtcheck/vt/vt"
)

// transferBothWays runs a transfer from a to b and one from b to a
// concurrently and checks that no money was created or lost.
func transferBothWays(t *vt.T, transfer func(from, to *Account, amount int) error) {
	a, b := NewAccount(1, 100), NewAccount(2, 100)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		assert.NoError(t, transfer(a, b, 30))
	}()
	go func() {
		defer wg.Done()
		assert.NoError(t, transfer(b, a, 50))
	}()
	wg.Wait()
	require.Equal(t, 120, a.Balance())
	require.Equal(t, 80, b.Balance())
}

// TestTransferDeadlocks: opposite transfers lock the two accounts in
// opposite orders.
func TestTransferDeadlocks(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		transferBothWays(t, Transfer)
	}, vt.Expect("deadlock"))
}

// TestOrderedTransfer: locking in ID order never deadlocks, and the money is
// conserved in every interleaving.
func TestOrderedTransfer(t *testing.T) {
	vt.Check(t, func(t *vt.T) {
		transferBothWays(t, OrderedTransfer)
	})
}
