//! The slab where the events of slots and FIFO lanes wait: nodes with a free list, a lane being a chain of
//! nodes through `next`. One slab, reused last-freed first, keeps the pending events in a few hot cache
//! lines, where one buffer per lane scattered them over the heap (with 1,000 flows most lane operations
//! missed the cache).

use super::key::INDEX;
use crate::time::Time;

/// No node: the end of a lane's chain or of the free list.
pub(super) const NIL: u32 = u32::MAX;

/// One pending event; a free node is a link of the free list.
pub(super) struct Node<E> {
    pub(super) at: Time,
    pub(super) seq: u64,
    pub(super) next: u32,
    event: Option<E>,
}

/// A FIFO lane's chain in the slab: its oldest and newest nodes (NIL when empty).
#[derive(Clone, Copy)]
pub(super) struct Chain {
    pub(super) head: u32,
    pub(super) tail: u32,
}

impl Chain {
    pub(super) const EMPTY: Chain = Chain { head: NIL, tail: NIL };
}

/// The nodes and the first free one (NIL: none).
pub(super) struct Slab<E> {
    nodes: Vec<Node<E>>,
    free: u32,
}

impl<E> Default for Slab<E> {
    fn default() -> Self {
        Slab { nodes: Vec::new(), free: NIL }
    }
}

impl<E> Slab<E> {
    /// A node holding the event, from the free list if it has one.
    #[inline]
    pub(super) fn alloc(&mut self, at: Time, seq: u64, event: E) -> u32 {
        let node = Node { at, seq, next: NIL, event: Some(event) };
        match self.free {
            NIL => {
                assert!(self.nodes.len() < INDEX as usize, "too many pending events");
                self.nodes.push(node);
                (self.nodes.len() - 1) as u32
            }
            i => {
                let slot = &mut self.nodes[i as usize];
                self.free = slot.next;
                *slot = node;
                i
            }
        }
    }

    /// Takes node `i`'s event and puts the node on the free list; returns the event and the node's `next`.
    #[inline]
    pub(super) fn release(&mut self, i: u32) -> (E, u32) {
        let node = &mut self.nodes[i as usize];
        let event = node.event.take().expect("a pending node has its event");
        let next = std::mem::replace(&mut node.next, self.free);
        self.free = i;
        (event, next)
    }

    /// Node `i`.
    #[inline]
    pub(super) fn node(&self, i: u32) -> &Node<E> {
        &self.nodes[i as usize]
    }

    /// Chains node `next` after node `tail`.
    #[inline]
    pub(super) fn link(&mut self, tail: u32, next: u32) {
        self.nodes[tail as usize].next = next;
    }

    /// Nodes ever allocated, free or not (for tests: the slab reuses its nodes).
    #[cfg(test)]
    pub(super) fn capacity(&self) -> usize {
        self.nodes.len()
    }
}
