package contract

import "time"

// Review is a customer's rating of a completed order, as the public list
// shows it.
type Review struct {
	ID        int64         `json:"id"`
	Rating    int           `json:"rating"` // 1 to 5
	Comment   string        `json:"comment"`
	User      ReviewUser    `json:"user"`
	Product   ReviewProduct `json:"product"`
	CreatedAt time.Time     `json:"created_at"`
}

// ReviewUser is who wrote a review.
type ReviewUser struct {
	Username string `json:"username"`
}

// ReviewProduct is what a review is about; id is null once the product is
// gone, the name is the order's snapshot.
type ReviewProduct struct {
	ID   *int64 `json:"id"`
	Name string `json:"name"`
}
