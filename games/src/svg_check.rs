//! Test-only: a tiny XML well-formedness checker for the SVG renderers'
//! tests (no XML crate needed): tags balance, attributes are quoted, no
//! stray `<` or `&` in text, one root element.

// It cuts the document at the `<` and `>` it found (ASCII boundaries).
#![allow(clippy::string_slice)]

/// The elements of `doc` in document order, as (name, attributes text,
/// text content up to the next tag), or why `doc` is not well formed.
pub fn elements(doc: &str) -> Result<Vec<(String, String, String)>, String> {
    let mut stack: Vec<String> = Vec::new();
    let mut out = Vec::new();
    let mut roots = 0;
    let mut rest = doc;
    // Text before the root must be blank.
    let lead = rest.find('<').ok_or("no element")?;
    if !rest[..lead].trim().is_empty() {
        return Err("text before the root".into());
    }
    rest = &rest[lead..];
    while let Some(open) = rest.find('<') {
        let text = &rest[..open];
        if text.contains('>') || (text.contains('&') && !text.contains(';')) {
            return Err(format!("stray character in text {text:?}"));
        }
        if stack.is_empty() && !text.trim().is_empty() {
            return Err(format!("text outside the root: {text:?}"));
        }
        if let Some(last) = out.last_mut() {
            let (_, _, t): &mut (String, String, String) = last;
            if t.is_empty() {
                t.push_str(text);
            }
        }
        let close = rest[open..].find('>').ok_or("unclosed tag")? + open;
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match stack.pop() {
                Some(top) if top == name.trim() => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let (name, attrs) = body.split_once(' ').unwrap_or((body, ""));
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(format!("bad element name {name:?}"));
        }
        check_attributes(attrs)?;
        if stack.is_empty() {
            roots += 1;
        }
        out.push((name.to_string(), attrs.to_string(), String::new()));
        if !self_closing {
            stack.push(name.to_string());
        }
    }
    if !rest.trim().is_empty() {
        return Err("text after the root".into());
    }
    if !stack.is_empty() {
        return Err(format!("unclosed elements {stack:?}"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(out)
}

/// `name="value"` pairs separated by blanks, values without `<` or `"`.
fn check_attributes(attrs: &str) -> Result<(), String> {
    let mut rest = attrs.trim();
    while !rest.is_empty() {
        let eq = rest
            .find("=\"")
            .ok_or(format!("unquoted attribute {rest:?}"))?;
        let name = &rest[..eq];
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':')
        {
            return Err(format!("bad attribute name {name:?}"));
        }
        let after = &rest[eq + 2..];
        let end = after.find('"').ok_or("unterminated value")?;
        if after[..end].contains('<') {
            return Err("`<` in a value".into());
        }
        rest = after[end + 1..].trim_start();
    }
    Ok(())
}

#[test]
fn the_checker_rejects_what_it_should() {
    assert!(elements("<svg><text>a</text></svg>").is_ok());
    assert!(elements("<svg><text>a</svg>").is_err());
    assert!(elements("<svg><rect x=1/></svg>").is_err());
    assert!(elements("<svg/><svg/>").is_err());
    assert!(elements("<svg>").is_err());
    assert!(elements("<svg></svg>junk").is_err());
}
