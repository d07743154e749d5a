package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/rs/zerolog"
	"golang.org/x/term"

	"topup/api"
	"topup/internal/password"
	"topup/store"
)

const minPasswordLen = 6 // docs/spec.md §5

func admin(ctx context.Context, args []string, e env) error {
	if len(args) == 0 {
		return errors.New("usage: topup admin create|password|demote [flags]")
	}
	switch args[0] {
	case "create":
		return adminCreate(ctx, args[1:], e)
	case "password":
		return adminPassword(ctx, args[1:], e)
	case "demote":
		return adminDemote(ctx, args[1:], e)
	}
	return fmt.Errorf("unknown admin command %q (want create, password or demote)", args[0])
}

// prompter asks for what the flags left out. Passwords are read without echo
// when stdin is a terminal.
type prompter struct {
	in  *bufio.Reader
	out io.Writer
	fd  int // -1 when stdin is not a terminal
}

func newPrompter(e env) *prompter {
	p := &prompter{in: bufio.NewReader(e.stdin), out: e.stdout, fd: -1}
	if f, ok := e.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		p.fd = int(f.Fd())
	}
	return p
}

func (p *prompter) ask(label string) (string, error) {
	fmt.Fprintf(p.out, "%s: ", label)
	line, err := p.in.ReadString('\n')
	if err != nil && !(errors.Is(err, io.EOF) && line != "") {
		return "", fmt.Errorf("reading %s: %w", label, err)
	}
	return strings.TrimSpace(line), nil
}

func (p *prompter) secret(label string) (string, error) {
	if p.fd < 0 {
		return p.ask(label)
	}
	fmt.Fprintf(p.out, "%s: ", label)
	b, err := term.ReadPassword(p.fd)
	fmt.Fprintln(p.out)
	return string(b), err
}

// newPasswordHash asks for a new password (see newPassword) and hashes it.
func (p *prompter) newPasswordHash(given string) (string, error) {
	plain, err := p.newPassword(given)
	if err != nil {
		return "", err
	}
	return password.Hash(plain)
}

// newPassword asks twice unless given by flag, and enforces docs/spec.md's minimum.
func (p *prompter) newPassword(given string) (string, error) {
	if given == "" {
		first, err := p.secret("Password")
		if err != nil {
			return "", err
		}
		again, err := p.secret("Password again")
		if err != nil {
			return "", err
		}
		if first != again {
			return "", errors.New("passwords do not match")
		}
		given = first
	}
	if len([]rune(given)) < minPasswordLen {
		return "", fmt.Errorf("password must be at least %d characters", minPasswordLen)
	}
	return given, nil
}

func adminCreate(ctx context.Context, args []string, e env) error {
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	username := fs.String("username", "", "admin username")
	phoneNo := fs.String("phone", "", "admin phone number (09… or +959…)")
	email := fs.String("email", "", "optional e-mail")
	pass := fs.String("password", "", "password (prompted without echo when omitted)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	p := newPrompter(e)
	var err error
	if *username == "" {
		if *username, err = p.ask("Username"); err != nil {
			return err
		}
	}
	if *phoneNo == "" {
		if *phoneNo, err = p.ask("Phone number"); err != nil {
			return err
		}
	}
	if *username == "" || *phoneNo == "" {
		return errors.New("username and phone number are required")
	}
	hash, err := p.newPasswordHash(*pass)
	if err != nil {
		return err
	}
	_, db, err := openConfigured(ctx, e)
	if err != nil {
		return err
	}
	defer db.Close()
	u, err := db.CreateUser(ctx, store.NewUser{Username: *username, Phone: *phoneNo, Email: *email, PasswordHash: hash, IsAdmin: true})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "admin %q created with id %d (phone %s)\n", u.Username, u.ID, u.Phone)
	return nil
}

func adminPassword(ctx context.Context, args []string, e env) error {
	fs := flag.NewFlagSet("admin password", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	phoneNo := fs.String("phone", "", "phone number of the account")
	pass := fs.String("password", "", "new password (prompted without echo when omitted)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *phoneNo == "" {
		return errors.New("-phone is required")
	}
	hash, err := newPrompter(e).newPasswordHash(*pass)
	if err != nil {
		return err
	}
	db, u, err := accountByPhone(ctx, e, *phoneNo)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.SetPassword(ctx, u.ID, hash); err != nil {
		return err
	}
	forgetSessions(ctx, e, u.ID)
	fmt.Fprintf(e.stdout, "password of %q changed\n", u.Username)
	return nil
}

// adminDemote makes an admin a customer again. Their sessions stay (the
// admin API refuses them from now on) and their open dashboards are closed
// on every node by the running servers' outbox (store.SetAdmin).
func adminDemote(ctx context.Context, args []string, e env) error {
	fs := flag.NewFlagSet("admin demote", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	phoneNo := fs.String("phone", "", "phone number of the admin")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *phoneNo == "" {
		return errors.New("-phone is required")
	}
	db, u, err := accountByPhone(ctx, e, *phoneNo)
	if err != nil {
		return err
	}
	defer db.Close()
	if !u.IsAdmin {
		return fmt.Errorf("%s is not an admin", u.Phone)
	}
	if err := db.SetAdmin(ctx, u.ID, false); err != nil {
		return err
	}
	forgetSessions(ctx, e, u.ID)
	fmt.Fprintf(e.stdout, "%q (id %d) is no longer an admin; their open dashboards are being closed\n", u.Username, u.ID)
	return nil
}

// forgetSessions tells the running servers, through Redis when REDIS_URL
// is set, to drop the user's cached sessions (api/session_cache.go), so
// the change shows on their next request. Without Redis there is no way
// to reach them: it shows within api.DefaultSessionCacheTTL.
func forgetSessions(ctx context.Context, e env, userID int64) {
	cl, err := newCluster(e.getenv, zerolog.Nop())
	if err == nil && cl.adapter != nil {
		err = api.ForgetSessions(ctx, cl.bus, userID)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "warning: the servers were not all told to drop the user's cached sessions (%v); the change shows within %s\n", err, api.DefaultSessionCacheTTL)
	}
}

// accountByPhone opens the store and finds the account of phone; the
// caller closes the store.
func accountByPhone(ctx context.Context, e env, phone string) (*store.DB, store.User, error) {
	cfg, err := loadConfig(e.getenv)
	if err != nil {
		return nil, store.User{}, err
	}
	db, err := openStore(ctx, cfg)
	if err != nil {
		return nil, store.User{}, err
	}
	u, err := db.UserByPhone(ctx, phone)
	if err != nil {
		db.Close()
		return nil, store.User{}, err
	}
	return db, u, nil
}
