// Program bank is a realistic concurrent program: accounts protected by a
// mutex each, transfers between accounts executed by many goroutines with
// ordered locking (no deadlock), an audit goroutine reading a consistent
// total under a global RWMutex, insufficient-funds errors counted with
// atomics, and a final deterministic report (totals are conserved whatever
// the schedule; only schedule-independent numbers are printed).
package main

import (
	"errors"
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
)

var ErrInsufficient = errors.New("insufficient funds")
var ErrSameAccount = errors.New("same account")

type Account struct {
	ID      int
	mu      sync.Mutex
	balance int64
	history []string
}

type Bank struct {
	global   sync.RWMutex // writers: transfers take RLock; audit takes Lock
	accounts []*Account
	failed   atomic.Int64
	ok       atomic.Int64
}

func NewBank(n int, initial int64) *Bank {
	b := &Bank{}
	for i := 0; i < n; i++ {
		b.accounts = append(b.accounts, &Account{ID: i, balance: initial})
	}
	return b
}

func (b *Bank) Transfer(from, to int, amount int64) (err error) {
	if from == to {
		return ErrSameAccount
	}
	defer func() {
		if err != nil {
			b.failed.Add(1)
		} else {
			b.ok.Add(1)
		}
	}()
	b.global.RLock()
	defer b.global.RUnlock()
	a, c := b.accounts[from], b.accounts[to]
	first, second := a, c
	if first.ID > second.ID {
		first, second = second, first
	}
	first.mu.Lock()
	defer first.mu.Unlock()
	second.mu.Lock()
	defer second.mu.Unlock()
	if a.balance < amount {
		return fmt.Errorf("transfer %d->%d of %d: %w", from, to, amount, ErrInsufficient)
	}
	a.balance -= amount
	c.balance += amount
	a.history = append(a.history, fmt.Sprintf("-%d", amount))
	c.history = append(c.history, fmt.Sprintf("+%d", amount))
	return nil
}

func (b *Bank) Total() int64 {
	b.global.Lock()
	defer b.global.Unlock()
	var t int64
	for _, a := range b.accounts {
		t += a.balance
	}
	return t
}

func main() {
	const nAcc = 5
	bank := NewBank(nAcc, 1000)
	fmt.Println("initial total:", bank.Total())

	var wg sync.WaitGroup
	var auditBad atomic.Int32
	stop := make(chan struct{})
	auditDone := make(chan int)
	go func() {
		audits := 0
		for {
			// audit at least once, whatever the schedule
			if bank.Total() != nAcc*1000 {
				auditBad.Add(1)
			}
			audits++
			if audits >= 50 {
				<-stop
				break
			}
			select {
			case <-stop:
			default:
				continue
			}
			break
		}
		auditDone <- audits
	}()

	// deterministic pseudo-random transfer plan per worker
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seed := uint32(w*7919 + 1)
			for i := 0; i < 40; i++ {
				seed = seed*1103515245 + 12345
				from := int(seed>>8) % nAcc
				to := int(seed>>16) % nAcc
				amt := int64(seed>>4%300) + 1
				err := bank.Transfer(from, to, amt)
				if err != nil && !errors.Is(err, ErrInsufficient) && !errors.Is(err, ErrSameAccount) {
					panic(err)
				}
			}
		}()
	}
	wg.Wait()
	close(stop)
	audits := <-auditDone
	fmt.Println("audits ran:", audits > 0, "inconsistent audits:", auditBad.Load())
	fmt.Println("final total:", bank.Total())

	var hist int
	for _, a := range bank.accounts {
		hist += len(a.history)
	}
	fmt.Println("history entries == 2*successful:", int64(hist) == 2*bank.ok.Load())
	fmt.Println("attempts accounted:", bank.ok.Load()+bank.failed.Load() <= 8*40)

	// a deterministic sequential scenario with exact numbers
	b2 := NewBank(3, 100)
	steps := []struct {
		from, to int
		amt      int64
	}{{0, 1, 50}, {1, 2, 120}, {2, 0, 300}, {0, 0, 1}, {2, 1, 220}, {1, 0, 10}}
	for _, s := range steps {
		err := b2.Transfer(s.from, s.to, s.amt)
		fmt.Printf("transfer %d->%d %3d: err=%v insufficient=%v\n", s.from, s.to, s.amt, err, errors.Is(err, ErrInsufficient))
	}
	for _, a := range b2.accounts {
		fmt.Println("account", a.ID, "balance", a.balance, "history", a.history)
	}
	fmt.Println("ok", b2.ok.Load(), "failed", b2.failed.Load(), "total", b2.Total())

	// concurrent deposits into one account from many goroutines: exact result
	b3 := NewBank(2, 0)
	b3.accounts[0].balance = 10000
	for i := 0; i < 100; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := b3.Transfer(0, 1, int64(i)); err != nil {
				panic(err)
			}
		}()
	}
	wg.Wait()
	bal := []int64{b3.accounts[0].balance, b3.accounts[1].balance}
	sort.Slice(bal, func(i, j int) bool { return bal[i] < bal[j] })
	fmt.Println(bal, len(b3.accounts[1].history))
}
