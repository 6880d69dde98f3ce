//! The Yut Nori game.
